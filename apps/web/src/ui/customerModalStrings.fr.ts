import { defineTranslation } from '../i18n/translation';
import type { CUSTOMER_MODAL_STRINGS } from './customerModalStrings';

export default defineTranslation<typeof CUSTOMER_MODAL_STRINGS>('customerModal', {
  title: 'Choisir un client',
  search: 'Rechercher un client',
  searchPlaceholder: 'Tapez le nom d’un client',
  none: 'Aucun client ne correspond à « {{q}} »',
  empty: 'Aucun client pour l’instant. Ajoutez le premier avec le bouton +.',
  chosen: 'sélectionné',
  add: 'Ajouter un client',
  close: 'Fermer',
  more: '{{shown}} sur {{total}} affichés. Tapez pour réduire la liste.',
  loading: 'Chargement des clients',
});
