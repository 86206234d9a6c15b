import { randomUUID } from 'node:crypto';
import { MAX_PERCENT_BPS, parsePercentBps } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';

const { app } = await openTestApp();

describe('fees', () => {
  it.each([
    ['Nigeria', 'en', 'VAT 7.5%', 750, false],
    // t17 K1: Kenyan and South African shelf prices include VAT, so a new business's VAT is inside its prices.
    ['Kenya', 'sw', 'VAT 16%', 1600, true],
    ['South Africa', 'en', 'VAT 15%', 1500, true],
    ['Cameron', 'en', 'VAT 19.25%', 1925, false],
    // t18 T1: Ethiopia's consumer prices are stated with the VAT in them; Tanzania's stays on top (no such rule found).
    ['Ethiopia', 'en', 'VAT 15%', 1500, true],
    ['Tanzania', 'sw', 'VAT 18%', 1800, false],
    // Named in the owner's language (issue 19).
    ['Cameron', 'fr', 'TVA 19,25\u00a0%', 1925, false],
  ])('seeds the standard VAT of %s (%s) on sign-up, visible to REST and pull', async (country, language, name, bps, inclusive) => {
    const c = client(app, await signUp(app, { country, language }));
    const list = await c.get('/fees');
    expect(list.body.records).toHaveLength(1);
    expect(list.body.records[0]).toMatchObject({ name, kind: 'tax', calculation: 'percentage', percentage_bps: bps, inclusive, default_on: true });
    const pulled = await c.pull('fees');
    expect(pulled.body.records).toHaveLength(1);
    expect(pulled.body.version).toBeGreaterThanOrEqual(pulled.body.records[0].version);
  });

  it('seeds Ghana’s VAT 15% with the NHIL and GETFund levies of 2.5%, each on the price, on by default (t17 G1)', async () => {
    const c = client(app, await signUp(app, { country: 'Ghana', language: 'en' }));
    const records: Array<{ name: string; percentage_bps: number; inclusive: boolean; default_on: boolean; kind: string }> = (await c.get('/fees')).body.records;
    expect(records.map((f) => [f.name, f.percentage_bps, f.kind, f.inclusive, f.default_on]).sort()).toEqual([
      // t18 T1: inside the prices, as Ghana's VAT law has advertised and quoted prices.
      ['GETFund 2.5%', 250, 'tax', true, true],
      ['NHIL 2.5%', 250, 'tax', true, true],
      ['VAT 15%', 1500, 'tax', true, true],
    ]);
    expect((await c.pull('fees')).body.records).toHaveLength(3);
  });

  it('seeds nothing for a country without a table entry', async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    expect((await c.get('/fees')).body.records).toEqual([]);
  });

  it('stores percentage fees in basis points and fixed fees in minor units', async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    const delivery = await c.post('/fees', { name: 'Delivery', kind: 'fee', calculation: 'fixed', amount: 150_000 });
    expect(delivery.body).toMatchObject({ kind: 'fee', calculation: 'fixed', amount: 150_000, percentage_bps: 0, default_on: false });
    const service = await c.post('/fees', { name: 'Service charge', kind: 'fee', percentage_bps: 1000, inclusive: true });
    expect(service.body).toMatchObject({ calculation: 'percentage', percentage_bps: 1000, inclusive: true });
    expect((await c.post('/fees', { name: 'Bad', kind: 'levy' })).status).toBe(400);
    expect((await c.post('/fees', { name: 'Bad', percentage_bps: 100_001 })).status).toBe(400);
  });

  it("takes a percentage up to 100% (core's one limit, the same as invoices and the device), over sync too", async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    expect((await c.post('/fees', { name: 'All of it', percentage_bps: MAX_PERCENT_BPS })).status).toBe(201);
    const over = await c.post('/fees', { name: 'Too much', percentage_bps: MAX_PERCENT_BPS + 1 });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body.error)).toContain('At most 100%');
    const id = randomUUID();
    const pushed = await c.push([
      upsert('fees', id, { name: 'Too much', kind: 'tax', calculation: 'percentage', percentage_bps: 20_000, amount: 0, inclusive: false, default_on: false }),
    ]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'validation_failed' } });
    // The device's form refuses the same text before anything is queued.
    expect(parsePercentBps('200')).toBeNull();
    expect(parsePercentBps('100')).toBe(MAX_PERCENT_BPS);
  });
});
