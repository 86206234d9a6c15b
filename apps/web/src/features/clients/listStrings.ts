/**
 * The English strings of the client list's first screen, apart from the rest (strings.ts spreads them in): index.html's
 * early script draws the first rows with them (app/firstRows.ts) and stays a few KB.
 */
export const CLIENT_LIST_STRINGS = {
  title: 'Clients',
  /** The quick sale (issue 28). */
  sell: 'Sell',
  add: 'Add client',
  searchPlaceholder: 'Search by name, e-mail, phone or city',
  count_one: '{{count}} client',
  count_other: '{{count}} clients',
  showArchived: 'Archived clients ({{count}})',
};
