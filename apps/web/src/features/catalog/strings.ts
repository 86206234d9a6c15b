import { registerStrings } from '../../i18n';

/** English strings of the catalog feature (namespace 'catalog'). */
export const CATALOG_STRINGS = {
  title: 'Catalog',
  add: 'Add item',
  search: 'Search the catalog',
  searchPlaceholder: 'Search by name, SKU or description',
  emptyTitle: 'Your catalog is empty',
  emptyBody: 'Add the products and services you sell, with their prices, to fill invoices faster.',
  noMatch: 'No item matches “{{q}}”',
  loading: 'Loading the catalog',
  inactive: 'Inactive',
  perUnit: '{{price}} / {{unit}}',
  /** core's CATALOG_UNITS as offered in the unit picker (what is picked is stored as shown). */
  units: {
    piece: 'piece',
    kg: 'kg',
    g: 'g',
    litre: 'litre',
    metre: 'metre',
    hour: 'hour',
    day: 'day',
    box: 'box',
    pack: 'pack',
    service: 'service',
  },
  showInactive: 'Show inactive items',
  form: {
    newTitle: 'New item',
    editTitle: 'Edit item',
    name: 'Name',
    description: 'Description',
    price: 'Unit price',
    unit: 'Unit',
    unitHint: 'e.g. piece, kg, hour',
    sku: 'SKU',
    active: 'Active (offered on new invoices)',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteTitle: 'Delete item',
    deleteText: 'Delete {{name}} from your catalog? Invoices that already use it keep their lines.',
    saved: 'Item saved',
    deleted: 'Item deleted',
  },
};

registerStrings('catalog', CATALOG_STRINGS);
