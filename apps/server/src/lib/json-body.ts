import { errorCodes, type FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * The JSON body parser (t17 A4). Like Fastify's own (secure-json-parse), it refuses a body with a `__proto__` key or a
 * `constructor` key holding `prototype`, which some code would read as changing an object's prototype; but it says so,
 * instead of calling valid JSON "not valid JSON".
 */
const SUSPECT = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)roto(?:_|\\u005[Ff])(?:_|\\u005[Ff])"|"(?:c|\\u0063)onstructor"/;

/** The path of the first forbidden key ("auth.__proto__"), or null. Iterative: a deep body cannot overflow the stack. */
export function forbiddenKey(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const isArray = Array.isArray(v);
    for (const key of Object.keys(v)) {
      const path = isArray ? `${at}[${key}]` : at ? `${at}.${key}` : key;
      const child = (v as Record<string, unknown>)[key];
      if (!isArray && key === '__proto__') return path;
      if (!isArray && key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return `${path}.prototype`;
      stack.push([child, path]);
    }
  }
  return null;
}

export function parseJsonBody(body: string): unknown {
  if (body === '') throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  const key = SUSPECT.test(body) ? forbiddenKey(parsed) : null;
  if (key) {
    const name = key.endsWith('.prototype') ? '"constructor" with a "prototype"' : '"__proto__"';
    throw new AppError('bad_request', `The request body has a key ${name} (at ${key}), which Duka does not accept: remove it`, { [key]: 'Not accepted' });
  }
  return parsed;
}

/** Replaces the JSON parser of `app` and its scopes (a scope that reads raw JSON removes it first: lib/route.ts). */
export function installJsonParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
