import { defineTranslation } from '../../i18n/translation';
import type { TEST_SETTLED_STRINGS } from './testSettledStrings';

export default defineTranslation<typeof TEST_SETTLED_STRINGS>('testSettled', {
  settled: 'Imelipwa kwa HALI YA MAJARIBIO — hakuna pesa halisi',
  part: 'Imelipwa kwa sehemu kwa HALI YA MAJARIBIO — hakuna pesa halisi',
  paidRow: 'Imelipwa kwa HALI YA MAJARIBIO (hakuna pesa halisi)',
  refundRow: 'Kiasi cha kurejesha (MAJARIBIO)',
  tag: 'Malipo ya TEST',
});
