import { defineTranslation } from '../../i18n/translation';
import type { SEARCH_STRINGS } from './strings';

export default defineTranslation<typeof SEARCH_STRINGS>('search', {
  title: 'Recherche',
  label: 'Tout rechercher',
  placeholder: 'Clients, factures, notes, dépenses, catalogue…',
  hint: 'Recherchez vos clients, factures, notes, dépenses et votre catalogue sur cet appareil. Cela fonctionne hors ligne.',
  none: 'Aucun résultat pour « {{q}} »',
  loading: 'Chargement de vos données',
  results_one: '{{count}} résultat',
  results_many: '{{count}} résultats',
  results_other: '{{count}} résultats',
  more: '{{count}} de plus — précisez votre recherche',
  group: {
    contacts: 'Clients',
    invoices: 'Factures',
    notes: 'Notes',
    expenses: 'Dépenses',
    catalogs: 'Catalogue',
  },
});
