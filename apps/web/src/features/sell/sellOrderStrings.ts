import { registerStrings } from '../../i18n';

/** English strings of the Sell screen's order box (namespace 'sellOrder', issue 29), loaded with the box. */
export const SELL_ORDER_STRINGS = {
  open: 'Type or say the order',
  hint: 'For example: 2 soap, 3 bread at 1200, for Kofi',
  /** The example of the owner's own country (core counterExample). */
  hintFor: 'For example: {{example}}',
  read: 'Read the order',
  speak: 'Say the order',
  stopListening: 'Stop listening',
  listening: 'Listening…',
  heardNothing: 'Nothing was heard. Try again or type the order.',
  empty: 'Type the order first',
  close: 'Close',
  reviewTitle: 'Check the order',
  /** Before the client's name (with its colon: French puts a space before it). */
  clientLabel: 'Client:',
  newClient: '{{name}} (new client)',
  noLines: 'No item was read from the order',
  catalogItem: 'From the catalog',
  newItem: 'Not in the catalog',
  price: 'Price of {{name}}',
  priceNeeded: 'Type a price for each line without one',
  due: 'A sale is paid now: the due date {{date}} is not used',
  remainder: 'Not understood, not added',
  adds: 'Adds',
  add: 'Add to the sale',
  change: 'Change the text',
  added: 'Added to the sale',
};

registerStrings('sellOrder', SELL_ORDER_STRINGS);
