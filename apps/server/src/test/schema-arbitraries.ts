import fc from 'fast-check';
import type { Schema } from './openapi';

/**
 * Values for the request schemas of the OpenAPI document (fuzz.test.ts): valid values, values just outside the
 * limits, wrong types and hostile strings.
 */

export const HOSTILE = [
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
export const NUMBERS = [0, -1, 1, 0.5, -0.0001, 2 ** 31, 2 ** 53, -(2 ** 53), 1e15, 1e21, 1e308, Number.MAX_SAFE_INTEGER, 9_999_999_999_999];

/**
 * The arbitraries for one fuzzed account: `id` gives the ids a uuid field gets, `publicIds` its public links' ids,
 * `resolve` the document's $refs.
 */
export function schemaArbitraries(known: { id: fc.Arbitrary<string>; publicIds: string[]; resolve: (s: Schema | undefined) => Schema }) {
  const { id: idArb, publicIds, resolve } = known;
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
    {
      weight: 6,
      arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    },
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
  return { schemaArb, stringArb, valueArb };
}
