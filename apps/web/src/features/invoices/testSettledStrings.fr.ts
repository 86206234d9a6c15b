import { defineTranslation } from '../../i18n/translation';
import type { TEST_SETTLED_STRINGS } from './testSettledStrings';

export default defineTranslation<typeof TEST_SETTLED_STRINGS>('testSettled', {
  settled: 'Payée en MODE TEST — aucun argent réel',
  part: 'Payée en partie en MODE TEST — aucun argent réel',
  paidRow: 'Payé en MODE TEST (aucun argent réel)',
  refundRow: 'Remboursement dû (TEST)',
  tag: 'Paiement de TEST',
});
