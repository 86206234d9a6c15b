import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client } from '../sync/test-utils';

const { app } = await openTestApp();

describe('catalog items', () => {
  it('store price in minor units, unit, sku and active, sorted by name', async () => {
    const c = client(app, await signUp(app));
    const rice = await c.post('/catalogs', { name: 'Rice 50kg', unit_price: 7_500_000, unit: 'bag', sku: 'RC-50' });
    expect(rice.status).toBe(201);
    expect(rice.body).toMatchObject({ unit_price: 7_500_000, unit: 'bag', sku: 'RC-50', active: true, description: '' });
    await c.post('/catalogs', { name: 'Beans', unit_price: 120_000, active: false });
    expect((await c.get('/catalogs')).body.records.map((r: { name: string }) => r.name)).toEqual(['Beans', 'Rice 50kg']);
    expect((await c.get('/catalogs?active=true')).body.records.map((r: { name: string }) => r.name)).toEqual(['Rice 50kg']);
    expect((await c.get('/catalogs?q=rc-5')).body.records).toHaveLength(1);
    expect((await c.post('/catalogs', { name: 'Bad', unit_price: -1 })).status).toBe(400);
    expect((await c.post('/catalogs', { name: 'Bad', unit_price: 1.5 })).status).toBe(400);
  });
});
