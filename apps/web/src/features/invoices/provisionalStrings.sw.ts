import { defineTranslation } from '../../i18n/translation';
import type { PROVISIONAL_STRINGS } from './provisionalStrings';

export default defineTranslation<typeof PROVISIONAL_STRINGS>('provisional', {
  title: '{{number}} (ya muda)',
  note: 'Uko nje ya mtandao: {{number}} ni nambari ya muda. Kifaa chako kingine kinaweza kuipa ankara nyingine kabla hiki hakijasawazisha. Ujumbe wa WhatsApp na PDF utakazoshiriki sasa zinasema hivyo; nambari itathibitishwa kifaa hiki kikirudi mtandaoni.',
  note_quote:
    'Uko nje ya mtandao: {{number}} ni nambari ya muda. Kifaa chako kingine kinaweza kuipa nukuu nyingine kabla hiki hakijasawazisha. Ujumbe wa WhatsApp na PDF utakazoshiriki sasa zinasema hivyo; nambari itathibitishwa kifaa hiki kikirudi mtandaoni.',
  number: '{{number}} (nambari ya muda)',
  file: '{{number}} (ya muda)',
});
