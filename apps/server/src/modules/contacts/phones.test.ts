import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';
import { normaliseStoredPhones } from './phones';

const { app, ctx } = await openTestApp();

describe('contact phone numbers (issue 14)', () => {
  it('stores local forms in E.164 with the client country, else the business country', async () => {
    const c = client(app, await signUp(app)); // a Nigerian business
    expect((await c.post('/contacts', { name: 'Tola', phone: '0805 987-6543', country: 'Nigeria' })).body.phone).toBe('+2348059876543');
    expect((await c.post('/contacts', { name: 'Wanjiru', phone: '0722000111', country: 'Kenya' })).body.phone).toBe('+254722000111');
    expect((await c.post('/contacts', { name: 'No country', phone: '08059876543' })).body.phone).toBe('+2348059876543');
    const kenyan = client(app, await signUp(app, { country: 'Kenya' }));
    const k = (await kenyan.post('/contacts', { name: 'Salon client', phone: '0722 000 111' })).body;
    expect(k.phone).toBe('+254722000111');
    // Through sync push too, and on edit.
    const id = randomUUID();
    const pushed = await kenyan.push([upsert('contacts', id, { name: 'Pushed', phone: '0722-000-112' })]);
    expect(pushed.body.results[0].status).toBe('applied');
    expect((await kenyan.get(`/contacts/${id}`)).body.phone).toBe('+254722000112');
    expect((await kenyan.patch(`/contacts/${k.id}`, { phone: '+234 805 987 6543' })).body.phone).toBe('+2348059876543');
  });

  it('refuses what cannot be a number with a message naming the country and an example', async () => {
    const c = client(app, await signUp(app));
    const res = await c.post('/contacts', { name: 'Bad', phone: '0805987', country: 'Nigeria' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.phone).toMatch(/not a valid Nigeria phone number\. Type it like 0\d{3} \d{3} \d{4} or \+234/);
    const words = await c.post('/contacts', { name: 'Bad', phone: 'ask at the shop' });
    expect(words.status).toBe(422);
    const id = randomUUID();
    const pushed = await c.push([upsert('contacts', id, { name: 'Bad', phone: '12' })]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', error: { fields: { phone: expect.stringMatching(/not a phone number/) } } });
  });

  it('rewrites stored local numbers at start-up with a new version, only the owner’s rows, once', async () => {
    const a = await signUp(app);
    const b = await signUp(app, { country: 'Kenya' });
    const ca = client(app, a);
    const cb = client(app, b);
    const tola = (await ca.post('/contacts', { name: 'Tola', country: 'Nigeria' })).body;
    const odd = (await ca.post('/contacts', { name: 'Odd' })).body;
    const wanjiru = (await cb.post('/contacts', { name: 'Wanjiru' })).body;
    // As records were stored before this rule: local forms and text straight in the table.
    await ctx.db.update(contacts).set({ phone: '08059876543' }).where(eq(contacts.id, tola.id));
    await ctx.db.update(contacts).set({ phone: 'shop line' }).where(eq(contacts.id, odd.id));
    await ctx.db.update(contacts).set({ phone: '0722 000 111' }).where(eq(contacts.id, wanjiru.id));
    const since = (await ca.get(`/contacts/${tola.id}`)).body.version;

    expect(await normaliseStoredPhones(ctx)).toBeGreaterThanOrEqual(2);
    const after = (await ca.get(`/contacts/${tola.id}`)).body;
    expect(after.phone).toBe('+2348059876543');
    expect(after.version).toBeGreaterThan(since);
    expect((await ca.pull('contacts', since)).body.records.map((r: { id: string }) => r.id)).toContain(tola.id);
    expect((await ca.get(`/contacts/${odd.id}`)).body.phone).toBe('shop line');
    expect((await cb.get(`/contacts/${wanjiru.id}`)).body.phone).toBe('+254722000111');
    expect(await normaliseStoredPhones(ctx)).toBe(0);
    // An old unreadable number does not block other edits.
    expect((await ca.patch(`/contacts/${odd.id}`, { city: 'Ibadan' })).status).toBe(200);
  });
});
