import { defineTranslation } from '../../i18n/translation';
import type { REFUSAL_STRINGS } from './refusalStrings';

export default defineTranslation<typeof REFUSAL_STRINGS>('refusal', {
  paidAboveTotal: 'Le nouveau total, {{total}}, est inférieur aux {{paid}} déjà payés. Gardez un total d’au moins {{paid}}.',
  paidAboveTotalUnknown:
    'Le nouveau total, {{total}}, est inférieur à ce qui a déjà été payé sur cette facture. Gardez un total au moins égal au montant payé.',
});
