import { registerStrings } from '../i18n';

/** English strings of the Select A Customer modal (SPEC §2 modal 1, namespace 'customerModal'). */
export const CUSTOMER_MODAL_STRINGS = {
  title: 'Select A Customer',
  search: 'Search customers',
  searchPlaceholder: 'Type a customer name',
  none: 'No customer matches “{{q}}”',
  empty: 'No customers yet. Add your first one with the + button.',
  chosen: 'selected',
  add: 'Add a new customer',
  close: 'Close',
  more: 'Showing {{shown}} of {{total}}. Type to narrow the list.',
  loading: 'Loading customers',
};

registerStrings('customerModal', CUSTOMER_MODAL_STRINGS);
