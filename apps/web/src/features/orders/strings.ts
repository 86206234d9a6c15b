import { registerStrings } from '../../i18n';

/** English strings of the order box: an order in words → a draft invoice (namespace 'orders', issue 29). */
export const ORDERS_STRINGS = {
  boxLabel: 'Type or say the order',
  boxHint: 'For example: 2 agbada 25k each for Chinedu, delivery 3k, due Friday',
  /** The example of the owner's own country (core orderExample). */
  boxHintFor: 'For example: {{example}}',
  read: 'Read the order',
  speak: 'Say the order',
  stopListening: 'Stop listening',
  listening: 'Listening…',
  heardNothing: 'Nothing was heard. Try again or type the order.',
  empty: 'Type the order first',
  asking: 'Read on this device — checking with the AI model…',
  byDevice: 'Read on this device',
  byModel: 'Read by the AI model',
  reviewTitle: 'Check the draft invoice',
  /** Before the client's name in the review (with its colon: French puts a space before it). */
  clientLabel: 'Client:',
  newClient: '{{name}} (new client)',
  noClient: 'No client named — choose one in the editor',
  lines: 'Lines',
  noLines: 'No item was read from the order',
  catalogItem: 'From the catalog',
  newItem: 'New item',
  noPrice: 'No price — add it in the editor',
  rounded: 'Rounded to the nearest unit',
  fees: 'Taxes and fees',
  dueLabel: 'Due date:',
  noDue: 'No due date named (the usual terms apply)',
  remainder: 'Not understood — not on the invoice',
  total: 'Total',
  create: 'Create draft invoice',
  change: 'Change the text',
  created: 'Draft invoice {{number}} saved',
  createdOffline: 'Draft invoice {{number}} saved: it opens for editing once you are back online (Drafts)',
};

registerStrings('orders', ORDERS_STRINGS);
