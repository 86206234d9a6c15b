/**
 * The words for an expense with no amount yet (issue 29, core's amount_pending): to be read from its photo
 * ('to_read'), not read from it ('unreadable'), or imported from a CSV row with no amount ('to_type'). The last two
 * wait for the owner to type the amount.
 */
export type PendingState = 'to_read' | 'unreadable' | 'to_type' | (string & {});

/** The short label shown in place of the amount (expenses strings). */
export const pendingLabelKey = (state: PendingState) =>
  state === 'unreadable' ? 'pendingUnreadable' : state === 'to_type' ? 'pendingToType' : 'pendingAmount';

/** The form's note above the amount (expenses strings). */
export const pendingNoteKey = (state: PendingState) =>
  state === 'unreadable' ? 'form.pendingUnreadable' : state === 'to_type' ? 'form.pendingToType' : 'form.pendingToRead';

/** Whether the owner is asked to type the amount (nothing will fill it by itself). */
export const pendingWaitsForOwner = (state: PendingState) => state !== 'to_read';
