import { registerStrings } from '../../i18n';

/** English strings of the search tab (namespace 'search'). */
export const SEARCH_STRINGS = {
  title: 'Search',
  label: 'Search everything',
  placeholder: 'Clients, invoices, notes, expenses, catalog…',
  hint: 'Search your clients, invoices, notes, expenses and catalog on this device. It works offline.',
  none: 'Nothing matches “{{q}}”',
  loading: 'Loading your records',
  results_one: '{{count}} result',
  results_other: '{{count}} results',
  more: '{{count}} more — refine your search',
  group: {
    contacts: 'Clients',
    invoices: 'Invoices',
    notes: 'Notes',
    expenses: 'Expenses',
    catalogs: 'Catalog',
  },
};

registerStrings('search', SEARCH_STRINGS);
