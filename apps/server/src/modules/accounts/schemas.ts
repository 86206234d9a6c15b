import { errorResponse } from '@duka/core';

/** Failure statuses documented with core's error shape (the app.ts error handler sends it). */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
