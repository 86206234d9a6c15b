import { defineTranslation } from '../../i18n/translation';
import type { RECORD_STRINGS } from './strings';

export default defineTranslation<typeof RECORD_STRINGS>('record', {
  confirm: {
    cancel: 'Annuler',
    delete: 'Supprimer',
  },
  conflict: {
    title: 'Modifié sur un autre appareil',
    body: 'Cet élément a aussi été modifié sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    body_contacts:
      'Ce client a aussi été modifié sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    body_notes:
      'Cette note a aussi été modifiée sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    body_expenses:
      'Cette dépense a aussi été modifiée sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    body_catalogs:
      'Cet article a aussi été modifié sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    body_fees:
      'Cette taxe ou ces frais ont aussi été modifiés sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    body_invoices:
      'Cette facture a aussi été modifiée sur un autre appareil. La modification la plus récente a été gardée ; les valeurs remplacées sont ci-dessous, rien de ce que vous avez saisi n’est perdu.',
    offline: 'Connectez-vous à internet pour voir les valeurs remplacées.',
    replaced: 'Remplacé le {{date}}',
    use: 'Utiliser ces valeurs',
    loading: 'Chargement des valeurs précédentes',
  },
});
