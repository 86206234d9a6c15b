import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, twoServerProcesses } from '../../test/server-process';

/**
 * Recurring invoices with two real server processes on one PostgreSQL, both running the job queue: every
 * occurrence becomes exactly one invoice, numbered in the owner's series without gaps or repeats.
 */
const { url, bases } = twoServerProcesses('recurring-two', { JOBS: 'on', DEV_MAILBOX: 'on' });

describe.skipIf(!url)('recurring invoices on two server processes', () => {
  it('make each occurrence exactly once', async () => {
    const [a, b] = bases;
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Two Shops',
      username: `rec_${suffix}`,
      email: `rec.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'Two',
      country: 'Kenya',
    };
    const token = (await call<{ token: string }>(a, '/users', { body: { user } })).body.token;
    const contact = await call<{ id: string }>(a, '/contacts', { body: { name: 'Wanjiku' }, token });
    const line = { description: 'Monthly service', quantity: 1, unit_price: 250_000, fee_ids: [] };
    const source = await call<{ id: string }>(b, '/invoices', {
      body: { contact_id: contact.body.id, issue_date: '2030-12-01', currency: 'KES', lines: [{ id: randomUUID(), ...line }] },
      token,
    });
    expect(source.status).toBe(201);
    // 15 schedules, 3 occurrences each, all due by the time the clocks move.
    for (let i = 0; i < 15; i++) {
      const r = await call(i % 2 ? a : b, '/recurring-invoices', {
        body: { invoice_id: source.body.id, frequency: 'monthly', start_date: '2031-01-01', count: 3, time_zone: 'Africa/Nairobi' },
        token,
      });
      expect(r.status).toBe(201);
    }
    // Both processes move their clocks and run the job at once, three times over; the queue's own ticks run too.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([a, b, a, b].map((base) => call(base, '/dev/clock', { body: { now: '2031-03-20T09:00:00Z' } })));
      expect(answers.every((x) => x.status === 200)).toBe(true);
    }
    const list = await call<{ records: Array<{ number: string; issue_date: string }> }>(a, '/invoices?limit=100', { token });
    const made = list.body.records.filter((r) => r.number !== 'INV-0001');
    expect(made).toHaveLength(45);
    expect(new Set(made.map((r) => r.number)).size).toBe(45);
    expect(made.map((r) => r.number).sort()).toEqual(Array.from({ length: 45 }, (_, i) => `INV-${String(i + 2).padStart(4, '0')}`));
    const dates = made.map((r) => r.issue_date);
    for (const d of ['2031-01-01', '2031-02-01', '2031-03-01']) expect(dates.filter((x) => x === d)).toHaveLength(15);
    const schedules = await call<{ records: Array<{ generated: number; status: string }> }>(b, '/recurring-invoices', { token });
    expect(schedules.body.records.every((s) => s.generated === 3 && s.status === 'finished')).toBe(true);
    for (const base of [a, b]) await call(base, '/dev/clock', { body: { now: null } });
  }, 120_000);
});
