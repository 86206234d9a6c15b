import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startOscuServer } from '../../test/oscu-server';
import { call, twoServerProcesses } from '../../test/server-process';

/**
 * Issue 26: fiscal numbers never skip or repeat, and no sale reaches KRA twice, when two server processes on one
 * PostgreSQL fiscalise at once (each runs the job queue). The local OSCU server answers in 300 ms like a loaded
 * authority; the time from sync to fiscalised is measured. PostgreSQL only (TEST_DATABASE_URL).
 */
const tin = `P${String(randomInt(0, 1e9)).padStart(9, '0')}Q`;
const oscu = await startOscuServer({ tin, bhfId: '00', dvcSrlNo: 'TWO-PROC-1' });
oscu.delayMs = 300;
afterAll(() => oscu.close());
const { url, bases } = twoServerProcesses('fiscal-two', {
  RATE_LIMITS: 'off',
  JOBS: 'on',
  ETIMS_API_BASE: oscu.base,
  ETIMS_TIN: tin,
  ETIMS_BRANCH_ID: '00',
  ETIMS_DEVICE_SERIAL: 'TWO-PROC-1',
});

type View = { state: string | null; fiscal_number: string | null; receipt_label: string | null };

describe.skipIf(!url)('fiscal numbers with two processes on one PostgreSQL', () => {
  it('gives every invoice one number, 1…n without a gap, and sends each sale once', async () => {
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Wanjiku',
      username: `fis_${suffix}`,
      email: `fis.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'Wanjiku',
      country: 'Kenya',
    };
    const signup = await call<{ token: string }>(bases[0]!, '/users', { body: { user } });
    expect(signup.status).toBe(201);
    const token = signup.body.token;
    const contact = randomUUID();
    await call(bases[0]!, '/sync/push', {
      token,
      body: { mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contact, data: { name: 'Otieno', tax_id: 'P051234567Q' } }] },
    });
    const invoice = () => ({
      mutation_id: randomUUID(),
      collection: 'invoices',
      op: 'upsert',
      id: randomUUID(),
      data: {
        contact_id: contact,
        issue_date: '2026-11-25',
        currency: 'KES',
        lines: [{ id: randomUUID(), description: 'Cement', quantity: 1, unit_price: 100_000, fee_ids: [] }],
        fees: [],
        fee_ids: [],
        finished_at: new Date().toISOString(),
      },
    });
    // 12 pushes of 3 finished invoices at once, alternating processes.
    const pushes = Array.from({ length: 12 }, () => [invoice(), invoice(), invoice()]);
    const sentAt = new Map<string, number>();
    await Promise.all(
      pushes.map(async (mutations, i) => {
        const t = Date.now();
        const res = await call<{ results: Array<{ status: string }> }>(bases[i % 2]!, '/sync/push', { token, body: { mutations } });
        expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
        for (const m of mutations) sentAt.set(m.id, t);
      }),
    );
    const ids = [...sentAt.keys()];
    const done = new Map<string, { view: View; ms: number }>();
    const deadline = Date.now() + 90_000;
    while (done.size < ids.length && Date.now() < deadline) {
      for (const id of ids.filter((x) => !done.has(x))) {
        const v = await call<View>(bases[done.size % 2]!, `/invoices/${id}/fiscal`, { token });
        if (v.body.state === 'fiscalised') done.set(id, { view: v.body, ms: Date.now() - sentAt.get(id)! });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done.size).toBe(ids.length);
    const numbers = [...done.values()].map((d) => Number(d.view.fiscal_number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(oscu.sales.size).toBe(ids.length);
    expect(oscu.saleCalls).toBe(ids.length);
    expect([...oscu.sales.keys()].sort((a, b) => a - b)).toEqual(numbers);
    const ms = [...done.values()].map((d) => d.ms).sort((a, b) => a - b);
    console.log(
      `fiscal two-process: ${ids.length} invoices, sync→fiscalised p50 ${ms[Math.floor(ms.length / 2)]} ms, p95 ${ms[Math.floor(ms.length * 0.95)]} ms (authority 300 ms)`,
    );
  }, 180_000);
});
