import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SyncResult } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { answerText } from './answer-records';
import { applyMutations, type Mutation, type MutationResult } from './engine';
import { client, remove, upsert } from './test-utils';

/**
 * Group commit (issue 27): the pushes of one account that wait while another of its pushes is applied are applied
 * together in one transaction, each answered as if it had been applied alone, after the ones before it.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL + DUKA_TEST_PG=1.
 */
const { app, ctx } = await openTestApp();

/** How many batches (applyNow runs) each user's changes took: the afterMutations hook runs once per committed batch. */
const batches = new Map<string, number>();
ctx.registry.afterMutations.push((userId) => batches.set(userId, (batches.get(userId) ?? 0) + 1));

type Push = Mutation[];

/**
 * The same pushes for any user: record ids and mutation ids are new per user, the content and its order are the same.
 * Covers an update of a record made by an earlier push, a change the checks refuse, a delete, a replayed mutation id
 * (in another push), a stale base version (conflict history), two invoices sent with the same number in different
 * pushes (the later one renumbered), and a record changed again by a later push.
 */
function script(contactId: string): Push[] {
  const id = () => randomUUID();
  const [ada, note, bola, inv1, inv2, note2] = [id(), id(), id(), id(), id(), id()];
  const p2first = upsert('contacts', ada, { phone: '+2348031230801' });
  return [
    [upsert('contacts', ada, { name: 'Ada' }), upsert('notes', note, { body: 'one' })],
    [p2first, upsert('contacts', id(), { name: '' }), remove('notes', note)],
    [{ ...p2first }, upsert('contacts', bola, { name: 'Bola' }), upsert('contacts', ada, { city: 'Ibadan' }, { base_version: 1 })],
    [upsert('invoices', inv1, invoiceBody(contactId, { number: 'INV-0500' })), upsert('notes', note2, { body: 'four', contact_id: bola })],
    [upsert('invoices', inv2, invoiceBody(contactId, { number: 'INV-0500' })), upsert('contacts', bola, { name: 'Bola B' })],
  ] as Push[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
/** A result or record without what differs between two users by design: ids, mutation ids, timestamps, public links. */
function normal(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v) => (['public_id', 'permalink', 'url', 'pay_url', 'receipt_url'].includes(key) ? undefined : v))
      .replace(UUID, 'uuid')
      .replace(TIME, 'time'),
  );
}
const withoutRecord = (results: SyncResult[]) => results.map(({ record: _record, ...r }) => r);
/** The results as POST /sync/push answers them (with `record`). */
const answered = (results: MutationResult[]) => (JSON.parse(answerText(results)) as { results: SyncResult[] }).results;

async function stored(user: Awaited<ReturnType<typeof signUp>>) {
  const api = client(app, user);
  const out: Record<string, unknown> = {};
  for (const c of ['contacts', 'notes', 'invoices']) out[c] = (await api.pull(c, 0, 100)).body;
  return normal(out);
}

describe('an account’s waiting pushes applied in one transaction', () => {
  it('answers and stores exactly what the same pushes one after another do', async () => {
    const serialUser = await signUp(app);
    const groupedUser = await signUp(app);
    const serialScript = script((await withContact(app, serialUser, { name: 'Chidi' })).contactId);
    const groupedScript = script((await withContact(app, groupedUser, { name: 'Chidi' })).contactId);
    // Same names both sides: the contact made by withContact is numbered the same for both users.
    const opts = { records: true, group: true };

    const serial: SyncResult[][] = [];
    for (const push of serialScript) serial.push(answered(await applyMutations(ctx, serialUser.userId, push, new Date(), opts)));
    const before = batches.get(groupedUser.userId) ?? 0;
    // Called in one tick: the first runs at once, the four others wait for it and are applied together.
    const grouped = (await Promise.all(groupedScript.map((push) => applyMutations(ctx, groupedUser.userId, push, new Date(), opts)))).map(answered);
    expect((batches.get(groupedUser.userId) ?? 0) - before).toBe(2);

    expect(grouped.map((r) => r.map((x) => x.status))).toEqual([
      ['applied', 'applied'],
      ['applied', 'rejected', 'applied'],
      ['duplicate', 'applied', 'applied'],
      ['applied', 'applied'],
      ['applied', 'applied'],
    ]);
    expect(normal(grouped.map(withoutRecord))).toEqual(normal(serial.map(withoutRecord)));
    // A record a later push of the group changed again is answered without `record` (the device pulls it); every
    // other applied upsert carries the same record as when applied alone.
    grouped.forEach((results, p) =>
      results.forEach((r, i) => {
        if (r.record) expect(normal(r.record), `push ${p} change ${i}`).toEqual(normal(serial[p]![i]!.record));
      }),
    );
    expect(grouped[2]![1]!.record).toBeUndefined(); // Bola, renamed by the fifth push
    expect(grouped[4]![1]!.record).toMatchObject({ name: 'Bola B' });
    // The second INV-0500 was renumbered and says so, as when alone.
    expect(grouped[4]![0]!.record?.number).not.toBe('INV-0500');
    expect(await stored(groupedUser)).toEqual(await stored(serialUser));
    expect((await client(app, groupedUser).get(`/sync/history?collection=contacts&id=${groupedScript[0]![0]!.id}`)).body).toHaveLength(1);
  });

  it('keeps the others of a group whole when the database refuses one push’s change, or one push names no collection', async () => {
    const user = await signUp(app);
    const api = client(app, user);
    const poison = `db-refuses-${randomUUID().slice(0, 8)}`;
    const fn = `duka_test_group_${poison.slice(-8)}`;
    await ctx.db.execute(
      sql.raw(
        `create function ${fn}() returns trigger language plpgsql as $$ begin if new.name = '${poison}' then raise exception 'refused by the database'; end if; return new; end $$`,
      ),
    );
    await ctx.db.execute(sql.raw(`create trigger ${fn} before insert or update on contacts for each row execute function ${fn}()`));
    try {
      const ids = Array.from({ length: 6 }, () => randomUUID());
      const pushes: Push[] = [
        [upsert('contacts', ids[0]!, { name: 'First' })],
        [upsert('contacts', ids[1]!, { name: 'Second' })],
        [upsert('contacts', ids[2]!, { name: 'Third' }), upsert('contacts', ids[3]!, { name: poison })],
        [{ ...upsert('contacts', ids[4]!, { name: 'Lost' }), collection: 'no_such_collection' }],
        [upsert('contacts', ids[5]!, { name: 'Last' }), upsert('notes', randomUUID(), { body: 'After', contact_id: ids[2] })],
      ];
      const settled = await Promise.allSettled(pushes.map((push) => applyMutations(ctx, user.userId, push, new Date(), { records: true, group: true })));
      const answers = settled.map((s) => (s.status === 'fulfilled' ? s.value.map((r) => r.status) : 'refused'));
      expect(answers).toEqual([['applied'], ['applied'], ['applied', 'rejected'], 'refused', ['applied', 'applied']]);
      const third = settled[2] as PromiseFulfilledResult<MutationResult[]>;
      expect(third.value[1]!.error?.message).toMatch(/could not store this change \(refused by the database\)/);
      expect((settled[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'bad_request' });
      // Versions follow one another with no gap left by the refused change; what was refused is not stored.
      const versions = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value.filter((r) => r.status === 'applied').map((r) => r.version) : []));
      expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
      const names = (await api.pull('contacts', 0, 100)).body.records.map((r: { name: string }) => r.name);
      expect(names).toEqual(['First', 'Second', 'Third', 'Last']);
      expect((await api.get(`/contacts/${ids[3]}`)).status).toBe(404);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger ${fn} on contacts`));
      await ctx.db.execute(sql.raw(`drop function ${fn}()`));
    }
  });

  it('applies pushes sent at once through the API in arrival order, each answered with its own results', async () => {
    const user = await signUp(app);
    const api = client(app, user);
    const id = randomUUID();
    const pushes = Array.from({ length: 8 }, (_, n) => [upsert('contacts', n === 0 ? id : randomUUID(), { name: `Client ${n}` })]);
    const answers = await Promise.all(pushes.map((m) => api.push(m)));
    answers.forEach((a, n) => {
      expect(a.status).toBe(200);
      expect(a.body.results).toHaveLength(1);
      expect(a.body.results[0]).toMatchObject({ mutation_id: pushes[n]![0]!.mutation_id, status: 'applied', record: { name: `Client ${n}` } });
    });
    const versions = answers.map((a) => a.body.results[0].version as number);
    expect(new Set(versions).size).toBe(8);
    const pulled = await api.pull('contacts', 0, 100);
    expect(pulled.body.records.filter((r: { name: string }) => r.name.startsWith('Client '))).toHaveLength(8);
  });
});
