import { registerStrings } from '../../i18n';

/**
 * Refusals from the server the app words itself (namespace 'refusal', t22 T2): the server answers in English with
 * English money ('FRw 11,800'); a refusal the app recognises is shown in the screen's language and money format.
 */
export const REFUSAL_STRINGS = {
  paidAboveTotal: 'The new total {{total}} is less than the {{paid}} already paid. Keep the total at least {{paid}}.',
  paidAboveTotalUnknown: 'The new total {{total}} is less than what was already paid on this invoice. Keep the total at least the amount paid.',
};

registerStrings('refusal', REFUSAL_STRINGS);
