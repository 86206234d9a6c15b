import { AppError } from './errors';

/** A NUL, or half of a surrogate pair without its other half: text no database column can keep. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path ('user.token', 'mutations.3.data.name') of the first string in `value` that cannot be stored, or null. */
export function unstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '_' : null;
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = UNSTORABLE.test(k) ? path || '_' : unstorableText(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, for every route, a request whose JSON body, query or path holds a NUL character or a lone surrogate
 * (issue 22): PostgreSQL cannot store them, and a rate-limit key or a lookup built from one failed with a 500.
 */
export function refuseUnstorableText(request: { body?: unknown; query?: unknown; params?: unknown; routeOptions?: { url?: string } }): void {
  // A sync push checks each change on its own and refuses only the bad one: the others in the batch still apply.
  const perMutation = request.routeOptions?.url?.endsWith('/sync/push') ?? false;
  for (const part of perMutation ? [request.params, request.query] : [request.params, request.query, request.body]) {
    const field = unstorableText(part);
    if (field) {
      throw new AppError('bad_request', 'The request has an invisible NUL or a broken character: remove it and try again', {
        [field]: 'Has an invisible NUL or a broken character',
      });
    }
  }
}
