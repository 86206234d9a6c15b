import { registerStrings } from '../../i18n';

/**
 * English strings of the owner's invoice once TEST MODE payments were made (namespace 'testSettled', issue 25): kept
 * apart from the invoice strings so that no byte reaches the public pay page.
 */
export const TEST_SETTLED_STRINGS = {
  settled: 'Paid in TEST MODE — no real money',
  part: 'Part paid in TEST MODE — no real money',
  paidRow: 'Paid in TEST MODE (no real money)',
  /** TEST payments took more than is owed once credit notes count (t20 U4): core testRefundDue. */
  refundRow: 'Refund due (TEST)',
  tag: 'TEST payment',
} as const;

registerStrings('testSettled', TEST_SETTLED_STRINGS);
