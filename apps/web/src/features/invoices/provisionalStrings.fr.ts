import { defineTranslation } from '../../i18n/translation';
import type { PROVISIONAL_STRINGS } from './provisionalStrings';

export default defineTranslation<typeof PROVISIONAL_STRINGS>('provisional', {
  title: '{{number}} (provisoire)',
  note: 'Vous êtes hors ligne : {{number}} est provisoire. Un autre de vos appareils peut le donner à une autre facture avant que celui-ci se synchronise. Le message WhatsApp et le PDF partagés maintenant le disent ; le numéro est confirmé dès que cet appareil est de nouveau en ligne.',
  note_quote:
    'Vous êtes hors ligne : {{number}} est provisoire. Un autre de vos appareils peut le donner à un autre devis avant que celui-ci se synchronise. Le message WhatsApp et le PDF partagés maintenant le disent ; le numéro est confirmé dès que cet appareil est de nouveau en ligne.',
  number: '{{number}} (numéro provisoire)',
  file: '{{number}} (provisoire)',
});
