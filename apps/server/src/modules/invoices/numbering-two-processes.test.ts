import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, twoServerProcesses } from '../../test/server-process';

/**
 * Issue 27: invoice numbers stay unique per account when two server processes on one PostgreSQL number at
 * the same time: new invoices the server numbers, and invoices two offline devices numbered alike (the later
 * holder is renumbered with a notice). PostgreSQL only (TEST_DATABASE_URL).
 */
const { url, bases } = twoServerProcesses('numbering-two', { RATE_LIMITS: 'off' });

type Result = { status: string; version?: number };
type Invoice = { id: string; number: string; notice: string | null };

describe.skipIf(!url)('invoice numbering with two processes on one PostgreSQL', () => {
  it('never gives one number twice, whichever process numbers', async () => {
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Numbers',
      username: `num_${suffix}`,
      email: `num.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'Numbers',
      country: 'Nigeria',
    };
    const signup = await call<{ token: string }>(bases[0]!, '/users', { body: { user } });
    expect(signup.status).toBe(201);
    const token = signup.body.token;
    const contact = randomUUID();
    const first = await call<{ results: Result[] }>(bases[0]!, '/sync/push', {
      token,
      body: { mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contact, data: { name: 'Chidi' } }] },
    });
    expect(first.body.results[0]!.status).toBe('applied');

    const invoice = (number?: string) => ({
      mutation_id: randomUUID(),
      collection: 'invoices',
      op: 'upsert',
      id: randomUUID(),
      data: {
        contact_id: contact,
        issue_date: '2026-11-22',
        currency: 'NGN',
        lines: [{ id: randomUUID(), description: 'Rice', quantity: 1, unit_price: 100_000, fee_ids: [] }],
        fees: [],
        fee_ids: [],
        ...(number ? { number } : {}),
      },
    });
    // 24 pushes at once, alternating processes: 3 server-numbered invoices each, plus 2 numbered offline
    // by "devices" that all started from the same last number (INV-0100, INV-0101 in every push).
    const pushes = Array.from({ length: 24 }, () => [invoice(), invoice(), invoice(), invoice('INV-0100'), invoice('INV-0101')]);
    const answers = await Promise.all(pushes.map((mutations, i) => call<{ results: Result[] }>(bases[i % 2]!, '/sync/push', { token, body: { mutations } })));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.results.map((r) => r.status)).toEqual(Array(5).fill('applied'));
    }

    const seen: Invoice[] = [];
    let since = 0;
    for (;;) {
      const page = await call<{ records: Invoice[]; version: number; has_more: boolean }>(
        bases[1]!,
        `/sync/pull?collection=invoices&since=${since}&limit=500`,
        {
          token,
        },
      );
      seen.push(...page.body.records);
      if (!page.body.has_more) break;
      since = page.body.version;
    }
    expect(seen).toHaveLength(24 * 5);
    const numbers = seen.map((i) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    // The first holders of INV-0100 and INV-0101 kept them; every later one was renumbered with a notice.
    expect(numbers).toContain('INV-0100');
    expect(numbers).toContain('INV-0101');
    expect(seen.filter((i) => i.notice).length).toBe(2 * 24 - 2);
    for (const i of seen.filter((x) => x.notice)) expect(i.notice).toContain(i.number);
  }, 120_000);
});
