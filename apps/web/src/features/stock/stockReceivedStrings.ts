import { registerStrings } from '../../i18n';

/** English strings of the stock received with an expense (namespace 'stockReceived', issue 28). */
export const STOCK_RECEIVED_STRINGS = {
  title: 'Stock received',
  hint: 'Items bought with this expense that you track in stock: they are added to their stock level.',
  add: 'Add stock received',
  item: 'Item {{n}}',
  choose: 'Choose an item',
  quantity: 'Quantity {{n}}',
  remove: 'Remove line {{n}}',
  chooseItem: 'Choose the item received',
  quantityInvalid: 'Type a quantity, e.g. 12 or 1.5',
  reason: 'Expense: {{what}}',
};

registerStrings('stockReceived', STOCK_RECEIVED_STRINGS);
