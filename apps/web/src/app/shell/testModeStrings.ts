import { registerStrings } from '../../i18n';

/** English strings of the TEST MODE banner (issue 22): shown to owners while this server takes test payments. */
export const TEST_MODE_STRINGS = {
  title: 'Test mode',
  body: 'Payments on this server use test cards and move no real money. They are marked TEST on invoices, receipts and reports.',
};

registerStrings('testMode', TEST_MODE_STRINGS);
