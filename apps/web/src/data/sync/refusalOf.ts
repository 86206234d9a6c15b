import type { SyncResult } from '@duka/core';
import type { QueuedMutation } from '../db';

/**
 * What the queue keeps of a push's refusal besides the server's sentence and fields: which refusal it was (error.reason,
 * core's REFUSAL_REASONS) and its values, so the app words it in the screen's language (refusalText). Both are set
 * (undefined when the server sent none), so a change refused again never keeps an earlier refusal's code.
 */
export function refusalCode(error: SyncResult['error'] | string | undefined): Pick<QueuedMutation, 'error_reason' | 'error_params'> {
  const e = error && typeof error === 'object' ? error : undefined;
  return {
    error_reason: typeof e?.reason === 'string' ? e.reason : undefined,
    error_params: e?.params && typeof e.params === 'object' ? e.params : undefined,
  };
}
