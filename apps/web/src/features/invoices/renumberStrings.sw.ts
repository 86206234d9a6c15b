import { defineTranslation } from '../../i18n/translation';
import type { RENUMBER_STRINGS } from './renumberStrings';

export default defineTranslation<typeof RENUMBER_STRINGS>('renumber', {
  toast: '{{from}} sasa ni {{to}} (kifaa kingine kilitumia namba hiyo)',
  title: 'Namba mpya: {{to}}',
  body: 'Kifaa chako kingine kilitumia {{from}} kwanza, kwa hiyo hii sasa ni {{to}}. Ikiwa tayari ulimtumia mteja {{from}}, mtumie namba mpya.',
  ok: 'Sawa',
});
