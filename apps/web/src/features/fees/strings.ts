import { registerStrings } from '../../i18n';

/** English strings of the fees feature (namespace 'fees'). SPEC §2's side menu says 'Tax And Fees' (its entries are title case); the screen's heading is a sentence (t17 G6). */
export const FEE_STRINGS = {
  title: 'Taxes and fees',
  add: 'Add tax or fee',
  addShort: 'Add',
  emptyTitle: 'No taxes or fees yet',
  emptyBody: 'Add the VAT or other taxes and fees you charge. Those marked “on by default” are added to new invoices.',
  loading: 'Loading taxes and fees',
  tax: 'Tax',
  fee: 'Fee',
  inclusive: 'Inclusive',
  exclusive: 'Exclusive',
  defaultOn: 'On by default',
  form: {
    newTitle: 'New tax or fee',
    editTitle: 'Edit tax or fee',
    name: 'Name',
    namePlaceholder: 'e.g. VAT 7.5%',
    kind: 'Type',
    calculation: 'Charged as',
    percentage: 'Percentage',
    fixed: 'Fixed amount',
    rate: 'Rate (%)',
    rateInvalid: 'Enter a percentage between 0 and 100, e.g. 7.5',
    amount: 'Amount',
    amountRequired: 'Enter an amount more than 0',
    inclusive: 'Prices',
    inclusiveHint: 'Inclusive: already in your prices. Exclusive: added on top.',
    defaultOn: 'Add to new invoices by default',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteTitle: 'Delete tax or fee',
    deleteText: 'Delete {{name}}? Invoices that already include it keep it.',
    saved: 'Saved',
    deleted: 'Deleted',
  },
};

registerStrings('fees', FEE_STRINGS);
