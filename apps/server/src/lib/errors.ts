import type { Refusal } from '@duka/core';

/** The one error type services throw; the error handler in app.ts turns it into JSON. */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'insufficient_credit'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'bad_gateway'
  /** 503: busy or stopped for its time; try again later. */
  | 'unavailable'
  | 'internal';

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  insufficient_credit: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A refused sync change's code and values (core's REFUSAL_REASONS): POST /sync/push answers them as reason and params. */
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found`);
