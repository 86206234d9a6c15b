import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contacts, invoices, syncMutations, users } from '../../db/schema';
import { fixed, inIds } from './bulk';

const dialect = new PgDialect();
const text = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q);

/** Issue 27: the hot sync statements embed tables and columns as fixed text; it must read exactly as Drizzle writes them. */
describe('fixed', () => {
  it('renders a table and a column as Drizzle does, and is made once per object', () => {
    for (const [table, column] of [
      [contacts, contacts.userId],
      [invoices, invoices.publicId],
      [syncMutations, syncMutations.mutationId],
      [users, users.syncVersion],
    ] as const) {
      expect(text(sql`select ${fixed(column)} from ${fixed(table)} where ${fixed(column)} = ${1}`)).toEqual(
        text(sql`select ${column} from ${table} where ${column} = ${1}`),
      );
      expect(fixed(table)).toBe(fixed(table));
      expect(fixed(column)).toBe(fixed(column));
    }
  });

  it('inIds reads the same with a column or its fixed text, and keeps a plain SQL name as given', () => {
    const ids = ['00000000-0000-4000-8000-000000000001'];
    expect(text(inIds(contacts.id, ids))).toEqual(
      text(sql`${contacts.id} = any(array(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid))`),
    );
    expect(text(inIds(sql.raw('id'), ids)).sql).toMatch(/^id = any\(/);
  });
});
