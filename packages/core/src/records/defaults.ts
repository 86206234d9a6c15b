/**
 * Values of the fields a create may leave out, per collection (see ./schemas). Apart from the schemas, with no Zod:
 * the device database reads them on the way to the app's first screen (issue 30), where Zod is not needed.
 */
export const CONTACT_DEFAULTS = { email: '', phone: '', address: '', city: '', country: '', tax_id: '', notes: '', archived: false, language: null };
export const NOTE_DEFAULTS = { contact_id: null, pinned: false };
export const EXPENSE_DEFAULTS = {
  category: 'Other',
  vendor: '',
  contact_id: null,
  payment_method: 'cash' as const,
  description: '',
  receipt: null,
  input_tax_rate_bps: null,
  input_tax_amount: null,
  input_tax_inclusive: true,
  input_tax: 0,
  exchange_rate: null,
};
export const CATALOG_DEFAULTS = {
  description: '',
  unit_price: 0,
  unit: 'piece',
  sku: '',
  active: true,
  barcode: '',
  track_stock: false,
  low_stock_level: null,
  cost_price: 0,
  item_class: '',
  unit_code: '',
  item_type: '' as const,
  packaging_unit: '',
};
export const FEE_DEFAULTS = {
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 0,
  amount: 0,
  inclusive: false,
  default_on: false,
  subject_to_tax: false,
};
