/** A JSON value with its object keys in order, so two equal values compare equal as text (and hash the same). */
export function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** Whether two JSON values are equal, whatever the order of their keys (undefined counts as null). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a) ?? null) === JSON.stringify(canonical(b) ?? null);
}
