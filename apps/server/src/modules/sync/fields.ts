import type { Data, Row } from './registry';

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** [API field, Drizzle property] of each field a fromRow copies as it is stored (pull-json.ts builds it in SQL from them). */
export type RowFields = ReadonlyArray<readonly [api: string, prop: string]>;

/** A fromRow that declares its fields: what it gives equals (as parsed JSON) the columns named, null when null. */
export type MappedFromRow = ((row: Row) => Data) & { fields: RowFields };

/**
 * Declares that `fromRow` gives, as parsed JSON, exactly the fields `fields` copies (e.g. fieldMapper's fromRow with the
 * lists' keys put in another order, or a number read as a number): a pull can then be built by PostgreSQL from the
 * columns (pull-json.ts). The pull test compares both for every collection.
 */
export function sameFieldsAs(fields: RowFields, fromRow: (row: Row) => Data): MappedFromRow {
  return Object.assign(fromRow, { fields });
}

/** fromRow/toRow for tables whose Drizzle property names are the camelCase of the API's snake_case fields. */
export function fieldMapper(keys: readonly string[]) {
  const pairs: RowFields = keys.map((k) => [k, camel(k)] as const);
  return {
    fromRow: sameFieldsAs(pairs, (row: Row): Data => {
      const data: Data = {};
      for (const [api, prop] of pairs) data[api] = row[prop] ?? null;
      return data;
    }),
    toRow(data: Data): Row {
      const row: Row = {};
      for (const [api, prop] of pairs) if (data[api] !== undefined) row[prop] = data[api];
      return row;
    },
  };
}
