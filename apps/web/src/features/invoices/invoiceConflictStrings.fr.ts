import { defineTranslation } from '../../i18n/translation';
import type { INVOICE_CONFLICT_STRINGS } from './invoiceConflictStrings';

export default defineTranslation<typeof INVOICE_CONFLICT_STRINGS>('invoiceConflict', {
  title: 'Modifiée sur un autre appareil',
  body: 'Un enregistrement plus récent a remplacé certaines valeurs de cette facture : une modification faite en même temps sur un autre appareil, ou un changement après un paiement. Le dernier enregistrement a été gardé ; les valeurs remplacées sont ci-dessous, rien n’est perdu.',
  line: '{{quantity}} × {{description}} à {{price}}',
  lines: 'Lignes',
  client: 'Client',
  otherClient: 'Un autre client',
  discount: 'Remise',
  total: 'Total',
  notes: 'Notes',
  terms: 'Conditions',
  instructions: 'Instructions de paiement',
  issueDate: 'Date',
  dueDate: 'Échéance',
  none: 'Aucune',
});
