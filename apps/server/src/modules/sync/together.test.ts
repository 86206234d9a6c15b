import { randomUUID } from 'node:crypto';
import { syncPullResponse } from '@duka/core';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkedOutsideProduction } from '../../lib/route';
import type { Tx } from '../../lib/registry';
import { openTestApp, signUp } from '../../test/harness';
import { readingTogether, selectJson } from './bulk';
import { client, statementTexts, upsert } from './test-utils';

/**
 * Issue 27: each statement costs a Node process a socket write and a wake-up, which on a busy 2-core machine was
 * the largest part of a push's CPU. A sync batch's preloads (clients' links, the invoices' clients, numbers,
 * series and settings) now go to the database as one statement.
 */
const { app, ctx } = await openTestApp();
const withStatementTexts = statementTexts(ctx);

/** ctx.db with every raw statement's text recorded (the sync engine's reads and writes are raw statements). */
function recording(): { texts: string[]; stop: () => void } {
  const texts: string[] = [];
  const db = ctx.db as unknown as { execute: (q: SQL) => Promise<unknown>; dialect: { sqlToQuery: (q: SQL) => { sql: string } } };
  const original = db.execute;
  db.execute = function (this: unknown, q: SQL) {
    texts.push(db.dialect.sqlToQuery(q).sql);
    return original.call(this, q);
  };
  return { texts, stop: () => void (db.execute = original) };
}

describe('reads started together', () => {
  it('go as one statement, each read getting its own rows; a read started later goes alone', async () => {
    const rec = recording();
    try {
      const db = readingTogether(ctx.db as unknown as Tx);
      const [a, b, c] = await Promise.all([
        selectJson(db, sql`select 1 as n`),
        selectJson(db, sql`select g as n from generate_series(1, 3) g`),
        selectJson(db, sql`select 'x' as s where false`),
      ]);
      expect(a).toEqual([{ n: 1 }]);
      expect(b).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(c).toEqual([]);
      expect(rec.texts).toHaveLength(1);
      expect(await selectJson(db, sql`select 2 as n`)).toEqual([{ n: 2 }]);
      expect(rec.texts).toHaveLength(2);
    } finally {
      rec.stop();
    }
  });

  it('fail together when their statement fails, and the runner works afterwards', async () => {
    const db = readingTogether(ctx.db as unknown as Tx);
    const reads = [selectJson(db, sql`select 1 as n`), selectJson(db, sql`select 1 / 0 as n`)];
    const settled = await Promise.allSettled(reads);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await selectJson(db, sql`select 3 as n`)).toEqual([{ n: 3 }]);
  });

  it('a push of clients and numbered invoices reads its preloads in one statement, renumbering a clash as before', async () => {
    const user = await signUp(app);
    const c = client(app, user);
    const contactId = randomUUID();
    const invoice = (number: string) => ({
      number,
      contact_id: contactId,
      issue_date: '2026-11-20',
      currency: 'NGN',
      lines: [{ id: randomUUID(), description: 'Rice 50kg', quantity: 2, unit_price: 150_000, fee_ids: [] }],
      fees: [],
      fee_ids: [],
    });
    expect((await c.push([upsert('contacts', contactId, { name: 'Shared client' }), upsert('invoices', randomUUID(), invoice('INV-0001'))])).status).toBe(200);
    const rec = recording();
    let res;
    try {
      res = await c.push([upsert('contacts', randomUUID(), { name: 'Amina Stores' }), upsert('invoices', randomUUID(), invoice('INV-0001'))]);
    } finally {
      rec.stop();
    }
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    // The device's INV-0001 was taken: renumbered after the series' highest, with a notice.
    expect(res.body.results[1].record.number).toBe('INV-0002');
    const preloads = rec.texts.filter((t) => /permalink/.test(t) && /invoice_settings/.test(t) && /regexp_replace/.test(t));
    expect(preloads).toHaveLength(1);
    expect(rec.texts.filter((t) => /invoice_settings/.test(t))).toHaveLength(1);
  });

  it('a push of new clients and invoices runs one read and, under the lock, one write (then COMMIT)', async () => {
    const user = await signUp(app);
    const c = client(app, user);
    const contactId = randomUUID();
    expect((await c.push([upsert('contacts', contactId, { name: 'Shared client' })])).status).toBe(200);
    const invoiceId = randomUUID();
    const newClient = randomUUID();
    const { result: res, texts } = await withStatementTexts(() =>
      c.push([
        upsert('contacts', newClient, { name: 'Amina Stores' }),
        upsert('invoices', invoiceId, {
          number: 'INV-0001',
          contact_id: newClient,
          issue_date: '2026-11-20',
          currency: 'NGN',
          lines: [{ id: randomUUID(), description: 'Rice 50kg', quantity: 2, unit_price: 150_000, fee_ids: [] }],
        }),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    // The read: the user's version, the mutation ids, the rows and every preload together.
    const reads = texts.filter((t) => /sync_mutations/.test(t) && !/insert/.test(t));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/permalink/);
    // The write: lock, both upserts, the mutation ids and the version in one statement.
    const writes = texts.filter((t) => /insert into/.test(t));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/for update/);
    expect(writes[0]).toMatch(/insert into "contacts"/);
    expect(writes[0]).toMatch(/insert into "invoices"/);
    expect(writes[0]).toMatch(/insert into "sync_mutations"/);
    // Answered with the stored records (the invoice names the client created in the same statement).
    const [contact, invoice] = res.body.results;
    expect(contact.record).toMatchObject({ id: newClient, name: 'Amina Stores', version: contact.version });
    expect(invoice.record).toMatchObject({ id: invoiceId, number: 'INV-0001', contact_id: newClient, total_due: 300_000, version: invoice.version });
    const pulled = await c.pull('invoices', 0);
    expect(pulled.body.records.find((r: { id: string }) => r.id === invoiceId)).toMatchObject({ version: invoice.version, status: invoice.record.status });
  });
});

describe('a push whose prepared batch went stale (another process wrote for the account in between)', () => {
  it('is worked out again under the lock and written in one statement, without a savepoint', async () => {
    const user = await signUp(app);
    const c = client(app, user);
    const contactId = randomUUID();
    expect((await c.push([upsert('contacts', contactId, { name: 'Shared client' })])).status).toBe(200);
    let staled = false;
    // The batch's read made to see the account one version behind, as when another process wrote for it right after
    // the read: the prepared write then finds sync_version moved, writes nothing, and the batch goes to the lock.
    const read = 'select sync_version as v from "users"';
    const { result: res, texts } = await withStatementTexts(
      () =>
        c.push([
          upsert('contacts', contactId, { name: 'Shared client', city: 'Kano' }),
          upsert('invoices', randomUUID(), {
            number: 'INV-0001',
            contact_id: contactId,
            issue_date: '2026-11-20',
            currency: 'NGN',
            lines: [{ id: randomUUID(), description: 'Rice 50kg', quantity: 2, unit_price: 150_000, fee_ids: [] }],
          }),
        ]),
      (text) => {
        if (staled || !text.startsWith(`select (select coalesce(json_agg(x), '[]'::json)::text from (${read}`)) return undefined;
        staled = true;
        return text.replace(read, 'select sync_version - 1 as v from "users"');
      },
    );
    expect(staled).toBe(true);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(res.body.results[1].record).toMatchObject({ number: 'INV-0001', contact_id: contactId });
    // After the prepared write found the account moved on: BEGIN, the lock, the batch's read, one write for both
    // tables and the mutation ids, COMMIT.
    const writes = texts.filter((t) => /insert into/.test(t));
    expect(writes).toHaveLength(2);
    const after = texts.slice(texts.indexOf(writes[0]!) + 1);
    expect(after.filter((t) => /savepoint/i.test(t))).toEqual([]);
    expect(after.filter((t) => /insert into/.test(t))[0]).toMatch(/insert into "contacts".*insert into "invoices".*insert into "sync_mutations"/s);
    expect(after.filter((t) => /sync_mutations/.test(t) && !/insert/.test(t))).toHaveLength(1);
    const pulled = await c.pull('contacts', 0);
    expect(pulled.body.records.find((r: { id: string }) => r.id === contactId)).toMatchObject({ city: 'Kano' });
  });
});

describe('answers checked outside production only', () => {
  const route = { schema: syncPullResponse, method: 'GET', url: '/api/sync/pull', httpStatus: '200' };
  const page = { records: [{ id: 'a', version: 3 }], deleted: [], version: 3, has_more: false };

  it('outside production an answer is checked, and one with a field its schema does not declare fails', () => {
    const serialize = checkedOutsideProduction(false)(route as never);
    expect(JSON.parse(serialize(page))).toEqual(page);
    expect(() => serialize({ ...page, version: 'three' })).toThrow();
    expect(() => serialize({ ...page, secret: 'x' })).toThrow(/does not declare/);
  });

  it('in production the answer is sent as it is built', () => {
    const serialize = checkedOutsideProduction(true)(route as never);
    expect(serialize(page)).toBe(JSON.stringify(page));
  });
});
