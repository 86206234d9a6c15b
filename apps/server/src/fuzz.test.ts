import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { upsert } from './modules/sync/test-utils';
import { openTestApp, signUp } from './test/harness';
import { apiOperations, type Operation, type Schema } from './test/openapi';

/**
 * Issue 13: a property-based fuzz over every operation of the OpenAPI document the server serves
 * (/api/docs/json), against the real app (app.inject on PGlite, or PostgreSQL with TEST_DATABASE_URL).
 * Requests are built from each operation's schemas — valid values, values just outside the limits, wrong
 * types, hostile strings, missing and extra fields, broken JSON, random ids and real ids of the account and of
 * another account — with the account's token, another's, a forged one or none. No answer may be a 5xx, and
 * afterwards both accounts still list their records (the fuzzed one consistently with its counters, the other
 * untouched). Seeded (FUZZ_SEED) so a failure replays; FUZZ_REQUESTS requests (2,000 by default, as in CI).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 13_2026);

const { app, ctx } = await openTestApp();
// The AI writer may fetch a link: point every name at a documentation address, which the policy refuses (no network).
(ctx.services.aiWriter as { fetchOptions: unknown }).fetchOptions = { lookup: async () => [{ address: '192.0.2.1', family: 4 }] };

/** Every operation, except deleting the fuzzed account itself (which would end the check afterwards). */
const { operations, resolve } = await apiOperations(app);

// Two accounts with records: `owner` is fuzzed, `other` only lends its ids (tenancy must hold).
const owner = await signUp(app);
const other = await signUp(app);
const ids: Record<'own' | 'theirs', string[]> = { own: [], theirs: [] };
/** The fuzzed account's ids by the path segment that names their collection. */
const ownIds: Record<string, string[]> = {};
const publicIds: string[] = [];
for (const [who, u] of [
  ['own', owner],
  ['theirs', other],
] as const) {
  const { api, contactId } = await withContact(app, u);
  const inv = await api.post('/invoices', invoiceBody(contactId));
  publicIds.push(inv.body.public_id);
  const noteId = randomUUID();
  const expenseId = randomUUID();
  await api.push([
    upsert('notes', noteId, { title: 'Shop note', body: 'Restock rice' }),
    upsert('expenses', expenseId, { amount: 5000, currency: 'NGN', date: '2026-11-03', category: 'Rent' }),
  ]);
  const fee = await api.post('/fees', { name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750 });
  const item = await api.post('/catalogs', { name: 'Rice 50kg', unit_price: 150_000 });
  ids[who].push(contactId, inv.body.id, noteId, expenseId, fee.body?.id, item.body?.id, inv.body.lines[0].id);
  if (who === 'own')
    Object.assign(ownIds, {
      contacts: [contactId],
      invoices: [inv.body.id],
      notes: [noteId],
      expenses: [expenseId],
      fees: [fee.body?.id],
      catalogs: [item.body?.id],
    });
}
// Records of the fuzzed account whose ids the fuzz never gets: nothing it sends may make them disappear.
const kept = await withContact(app, owner, { name: 'Kept Client' });
const keptNote = randomUUID();
await kept.api.push([upsert('notes', keptNote, { title: 'Kept note', body: 'never fuzzed' })]);

const listPaths = ['/contacts', '/invoices', '/notes', '/expenses', '/fees', '/catalogs'];
async function listAll(u: typeof owner, path: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await app.inject({ method: 'GET', url: `/api${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, headers: u.auth });
    expect([path, res.statusCode]).toEqual([path, 200]);
    const body = res.json() as { records: Array<{ id: string }>; next_cursor: string | null };
    out.push(...body.records.map((r) => r.id));
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return out;
}
const otherBefore = Object.fromEntries(await Promise.all(listPaths.map(async (p) => [p, (await listAll(other, p)).sort()] as const)));

// ——— values ———
const HOSTILE = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  '😀'.repeat(3),
  'x'.repeat(5000),
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  '-1',
  '1e309',
  'NaN',
  'null',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data',
  '\r\nBcc: x@example.com',
];
const NUMBERS = [0, -1, 1, 0.5, -0.0001, 2 ** 31, 2 ** 53, -(2 ** 53), 1e15, 1e21, 1e308, Number.MAX_SAFE_INTEGER, 9_999_999_999_999];
const idArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ids.own) },
  { weight: 2, arbitrary: fc.constantFrom(...ids.theirs) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '1', '%2e%2e', 'x'.repeat(300)) },
);
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }));
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...NUMBERS),
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'a']),
);

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const dateArb = fc.oneof(
  { weight: 6, arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2025-02-29', '0000-01-01', '9999-12-31', '2026-13-01', '2026-00-10') },
);

/**
 * Values for a JSON schema. strict: within the schema (lengths, ranges, patterns, enums) though still with
 * hostile content inside the limits; otherwise also just outside them and of the wrong type.
 */
function stringArb(s: Schema, strict: boolean): fc.Arbitrary<string> {
  if (s.format === 'uuid') return idArb;
  if (s.pattern === DATE_PATTERN || s.format === 'date') return dateArb;
  if (s.format === 'email')
    return strict
      ? fc.constantFrom('ada@example.com', 'A.B+c@Example.COM', 'x@y.co')
      : fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', 'no-at', 'A@EXAMPLE.COM'));
  if (s.format === 'date-time')
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      hostileString,
    );
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length >= (s.minLength ?? 0) && x.length <= (s.maxLength ?? 1000));
    } catch {
      // a pattern fast-check cannot generate from: plain strings below
    }
  }
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 60, 200));
  const inside = fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('NGN', 'KES', 'GHS', 'USD', 'Rice 50kg', 'Nigeria', 'Kenya', 'invoice', 'contacts', 'expenses', 'newsletter', ...publicIds)
        .filter((x) => x.length >= min && x.length <= max),
    },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE).filter((x) => x.length >= min && x.length <= max) },
  );
  if (strict) return inside;
  return fc.oneof({ weight: 6, arbitrary: inside }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constant('y'.repeat(max + 1)) });
}

function numberArb(s: Schema, integer: boolean, strict: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? -1e6;
  const hi = s.maximum ?? 1e6;
  const inRange = integer
    ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo, max: hi, noNaN: true });
  const small = integer
    ? fc.integer({ min: Math.max(lo, 0), max: Math.min(hi, 1000) })
    : fc.double({ min: Math.max(lo, 0.5), max: Math.min(hi, 100), noNaN: true });
  const edges = [lo, hi].filter((n) => Number.isFinite(n));
  if (strict) return fc.oneof({ weight: 4, arbitrary: small }, { weight: 2, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 2, arbitrary: fc.constantFrom(...edges, lo - 1, hi + 1) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBERS) },
  );
}

function valueArb(input: Schema, strict: boolean, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(input);
  const variants = s.anyOf ?? s.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (variants?.length) arb = fc.oneof(...variants.map((v) => valueArb(v, strict, depth + 1)));
  else if (s.allOf?.length) arb = valueArb(s.allOf[0], strict, depth + 1);
  else if (s.enum?.length) arb = fc.constantFrom(...s.enum);
  else {
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    if (type === 'string') arb = stringArb(s, strict);
    else if (type === 'integer') arb = numberArb(s, true, strict);
    else if (type === 'number') arb = numberArb(s, false, strict);
    else if (type === 'boolean') arb = fc.boolean();
    else if (type === 'array')
      arb = depth > 4 ? fc.constant([]) : fc.array(valueArb(s.items ?? {}, strict, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    else if (type === 'object' || s.properties) arb = objectArb(s, strict, depth);
    else
      arb =
        depth > 3
          ? fc.constant('x')
          : fc.oneof(
              fc.string({ maxLength: 10 }),
              fc.integer(),
              fc.boolean(),
              fc.constant(null),
              fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
            );
  }
  const options: Array<fc.WeightedArbitrary<unknown>> = [{ weight: 12, arbitrary: arb }];
  if (!strict) options.push({ weight: 1, arbitrary: wrongType });
  if (s.nullable || (Array.isArray(s.type) && s.type.includes('null'))) options.push({ weight: 1, arbitrary: fc.constant(null) });
  return options.length === 1 ? arb : fc.oneof(...options);
}

function objectArb(s: Schema, strict: boolean, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, valueArb(props[k], strict, depth + 1)])), {
    requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)),
  });
  if (strict) return record;
  // Now and then: a required field missing, or fields nobody asked for.
  return fc
    .tuple(record, fc.nat(9), fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'user_id', 'id', 'version', 'extra'), wrongType, { maxKeys: 2 }))
    .map(([r, roll, extra]) => {
      const out = { ...r };
      if (roll === 0 && s.required?.length) delete out[s.required[0]];
      if (roll === 1) Object.assign(out, extra);
      return out;
    });
}

/** Mostly schema-valid values (so requests reach the handlers), a third malformed. */
const schemaArb = (s: Schema) => fc.oneof({ weight: 2, arbitrary: valueArb(s, true) }, { weight: 1, arbitrary: valueArb(s, false) });

/** Sync pushes carry each collection's record shape (from its REST create schema) rather than free objects. */
const createSchemas: Record<string, Schema | undefined> = Object.fromEntries(
  ['contacts', 'invoices', 'notes', 'expenses', 'fees', 'catalogs'].map((c) => [
    c,
    operations.find((op) => op.method === 'POST' && op.path === `/api/${c}`)?.body,
  ]),
);
const mutationArb = fc
  .record({
    mutation_id: fc.oneof(fc.uuid(), fc.constant('bad')),
    collection: fc.constantFrom('contacts', 'invoices', 'notes', 'expenses', 'fees', 'catalogs', 'users', ''),
    op: fc.constantFrom('upsert', 'upsert', 'delete', 'drop'),
    id: idArb,
    base_version: fc.option(fc.constantFrom(0, 1, 5, 2 ** 53), { nil: undefined }),
  })
  .chain((m) => {
    const schema = createSchemas[m.collection];
    return (schema ? schemaArb(schema) : valueArb({}, false)).map((data) => ({ ...m, data }));
  });

// ——— requests ———
const tokenArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant(`Bearer ${owner.token}`) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('Bearer ', 'Bearer x.y.z', `Bearer ${owner.token}x`, 'Basic YTpi', `bearer ${owner.token.split('.').slice(0, 2).join('.')}.`),
  },
);

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Ids for a path: mostly the account's record of that collection, else any id, another's, random or broken. */
function pathIdArb(path: string): fc.Arbitrary<string> {
  const own = ownIds[path.split('/')[2]];
  return own?.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...own) }, { weight: 2, arbitrary: idArb }) : idArb;
}

/** A page cursor: mostly none (a random string is a 400 every time), sometimes broken. */
const cursorArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: stringArb({ maxLength: 60 }, false) },
  { weight: 1, arbitrary: fc.constant(Buffer.from(JSON.stringify(['abc', randomUUID()])).toString('base64url')) },
);

/** One request for an operation: strict (every part within the schema, hostile content inside it) or loose. */
function requestArb(op: Operation, strict: boolean): fc.Arbitrary<FuzzRequest> {
  const partArb = (schema: Schema) => (strict ? valueArb(schema, true) : schemaArb(schema));
  const pathParams = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        p.name === 'username'
          ? fc.constantFrom(owner.username, other.username, 'nobody', '')
          : p.name === 'public_id'
            ? fc.oneof(fc.constantFrom(...publicIds), stringArb({}, false))
            : p.name === '*'
              ? fc.constantFrom(`users/${owner.userId}/receipts/x.webp`, '../../etc/passwd', 'users/..%2f..%2fjwt-secret', '')
              : p.name === 'provider'
                ? fc.constantFrom('test-pay', 'stripe', 'x', '..')
                : p.name === 'id'
                  ? pathIdArb(op.path)
                  : p.name === 'payment_id'
                    ? idArb
                    : partArb(p.schema),
      ]),
    ),
  );
  const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, p.name === 'cursor' ? cursorArb : partArb(p.schema)])), {
    requiredKeys: query.filter((p) => p.required).map((p) => p.name),
  });
  const isPush = op.path === '/api/sync/push';
  const bodyArb: fc.Arbitrary<string | undefined> = !op.body
    ? fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.json() })
    : fc.oneof(
        {
          weight: 10,
          arbitrary: (isPush ? fc.record({ mutations: fc.array(mutationArb, { maxLength: 4 }) }) : partArb(op.body)).map((v) => JSON.stringify(v)),
        },
        { weight: 1, arbitrary: fc.constantFrom('{', '', 'null', '[]', '"x"', '{"a":1}{', '\u0000', '{"user":{"__proto__":{"admin":true}}}') },
      );
  return fc.tuple(pathArb, queryArb, bodyArb, tokenArb, fc.nat(19)).map(([pv, qv, body, auth, roll]) => {
    let url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(wellFormed(String(pv[name] ?? ''))).replace(/%2F/g, name === '*' ? '/' : '%2F'),
    );
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(qv)) if (v !== undefined) qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    if (qs.size) url += `?${qs.toString()}`;
    const headers: Record<string, string> = {};
    if (auth) headers.authorization = auth;
    if (body !== undefined)
      headers['content-type'] =
        roll === 0 ? 'text/plain' : roll === 1 && op.contentTypes.includes('multipart/form-data') ? 'multipart/form-data; boundary=x' : 'application/json';
    return { method: op.method, url, headers, payload: body };
  });
}

/** A URL cannot carry a lone surrogate: replaced as a browser would (U+FFFD). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const anyRequest = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(...operations.map((op) => requestArb(op, true))) },
  { weight: 2, arbitrary: fc.oneof(...operations.map((op) => requestArb(op, false))) },
);

describe('fuzz over every OpenAPI operation', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const p of ['/api/sync/push', '/api/invoices/{id}/email', '/api/users/{username}', '/api/expenses/{id}/receipt', '/api/ai-writter/generate']) {
      expect(operations.some((o) => o.path === p)).toBe(true);
    }
  });

  it(
    `${REQUESTS} generated requests: never a 5xx, and the accounts still list their records`,
    async () => {
      const failures: string[] = [];
      const seen = new Map<string, number>();
      await fc
        .assert(
          fc.asyncProperty(anyRequest, async (req) => {
            const res = await app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload });
            const key = `${req.method} ${req.url.split('?')[0].replace(/[0-9a-f-]{36}/g, '{id}')}`;
            seen.set(`${key} ${res.statusCode}`, (seen.get(`${key} ${res.statusCode}`) ?? 0) + 1);
            if (res.statusCode >= 500) {
              failures.push(
                `${res.statusCode} ${req.method} ${req.url} ${JSON.stringify(req.headers['content-type'] ?? '')} ${(req.payload ?? '').slice(0, 300)} → ${res.body.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: REQUESTS, seed: SEED, endOnFailure: true, verbose: 0 },
        )
        .catch((err: unknown) => {
          throw new Error(`fuzz (seed ${SEED}) found a 5xx:\n${failures.slice(0, 5).join('\n')}\n${(err as Error).message.split('\n').slice(0, 3).join('\n')}`);
        });

      // FUZZ_REPORT=1 prints what was sent and answered (operation, status, count).
      if (process.env.FUZZ_REPORT)
        console.log(
          [...seen.entries()]
            .sort()
            .map(([k, n]) => `${n}\t${k}`)
            .join('\n'),
        );
      const twoHundreds = [...seen.entries()].filter(([k]) => / 2\d\d$/.test(k)).reduce((n, [, c]) => n + c, 0);
      // Not only refusals: a good share of the requests get through validation and do something.
      expect(twoHundreds).toBeGreaterThan(REQUESTS * 0.12);

      // The fuzzed account: every list answers, pages end, and agrees with the account's counters.
      const state = await app.inject({ method: 'GET', url: '/api/state', headers: owner.auth });
      expect(state.statusCode).toBe(200);
      const counts = state.json().counts as Record<string, number>;
      for (const p of listPaths) {
        const listed = await listAll(owner, p);
        const name = p.slice(1);
        if (counts[name] !== undefined && name !== 'invoices') expect([p, listed.length]).toEqual([p, counts[name]]);
      }
      expect(await listAll(owner, '/contacts')).toContain(kept.contactId);
      expect(await listAll(owner, '/notes')).toContain(keptNote);
      // The other account, whose ids were thrown at the fuzzed one, is exactly as it was.
      for (const p of listPaths) expect([p, (await listAll(other, p)).sort()]).toEqual([p, otherBefore[p]]);
      const login = await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: owner.username, password: owner.password } } });
      expect(login.statusCode).toBe(200);
    },
    Math.max(120_000, REQUESTS * 100),
  );
});
