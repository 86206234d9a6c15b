import type { Data, Row } from './registry';

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** fromRow/toRow for tables whose Drizzle property names are the camelCase of the API's snake_case fields. */
export function fieldMapper(keys: readonly string[]) {
  const pairs = keys.map((k) => [k, camel(k)] as const);
  return {
    fromRow(row: Row): Data {
      const data: Data = {};
      for (const [api, prop] of pairs) data[api] = row[prop] ?? null;
      return data;
    },
    toRow(data: Data): Row {
      const row: Row = {};
      for (const [api, prop] of pairs) if (data[api] !== undefined) row[prop] = data[api];
      return row;
    },
  };
}
