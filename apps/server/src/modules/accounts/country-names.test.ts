import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { reopenableApp, signUp, type SignedUp } from '../../test/harness';
import { client } from '../sync/test-utils';
import { nameStoredCountryCodes } from './country-names';

/**
 * Issue 23: accounts registered before the API took a country by its ISO code kept it as sent ("KE"), and so got
 * neither Kenya's fiscal rules nor its name on documents. At start-up each is stored by the country's name, in the
 * account and in its invoice settings, once; a named country (also Cameroon, a spelling the list knows) is left
 * alone. PGlite (a data directory opened twice) and PostgreSQL (TEST_DATABASE_URL).
 */
const open = reopenableApp('country-names');
type Opened = Awaited<ReturnType<typeof open>>;

const rowOf = async ({ ctx }: Opened, u: SignedUp) => {
  const [row] = await ctx.db.select({ country: users.country, settings: users.invoiceSettings }).from(users).where(eq(users.id, u.userId));
  return { country: row!.country, settings: JSON.parse(row!.settings) as { currency: string; country: { name: string; iso_code: string } } };
};
/** Stores the account as the server did before: the country as sent, also as the invoice settings' country name. */
const makeOld = async ({ ctx }: Opened, u: SignedUp, sent: string) => {
  const [row] = await ctx.db.select({ settings: users.invoiceSettings }).from(users).where(eq(users.id, u.userId));
  const settings = JSON.parse(row!.settings) as { country: Record<string, string> };
  await ctx.db
    .update(users)
    .set({ country: sent, invoiceSettings: JSON.stringify({ ...settings, country: { ...settings.country, name: sent } }) })
    .where(eq(users.id, u.userId));
};

describe('accounts stored with a country code (issue 23)', () => {
  it('are stored by the country’s name at start-up, once: Kenya’s fiscal rules follow; named countries are left alone', async () => {
    const first = await open();
    const ke = await signUp(first.app, { country: 'Kenya' });
    const lower = await signUp(first.app, { country: 'Ghana' });
    const cameroon = await signUp(first.app, { country: 'Cameroon' });
    const nigeria = await signUp(first.app, { country: 'Nigeria' });
    await makeOld(first, ke, 'KE');
    await makeOld(first, lower, 'gh');
    // Before: "KE" is no country the fiscal rules know.
    expect((await client(first.app, ke).get('/state')).body.fiscal).toBe('off');
    const cameroonBefore = await rowOf(first, cameroon);
    const nigeriaBefore = await rowOf(first, nigeria);
    await first.app.close();

    const second = await open();
    try {
      const after = await rowOf(second, ke);
      expect(after.country).toBe('Kenya');
      expect(after.settings.country).toMatchObject({ name: 'Kenya', iso_code: 'KE' });
      expect(after.settings.currency).toBe('KES');
      expect((await client(second.app, ke).get('/state')).body.fiscal).toBe('test');
      expect(await rowOf(second, lower)).toMatchObject({ country: 'Ghana', settings: { country: { name: 'Ghana' } } });
      expect(await rowOf(second, cameroon)).toEqual(cameroonBefore);
      expect(cameroonBefore.country).toBe('Cameroon');
      expect(await rowOf(second, nigeria)).toEqual(nigeriaBefore);
      // Nothing left to do.
      expect(await nameStoredCountryCodes(second.ctx)).toBe(0);
    } finally {
      await second.app.close();
    }
  }, 180_000);

  it('works in batches, keeps a business name the owner gave its country, and leaves unknown values', async () => {
    const opened = await open();
    try {
      const a = await signUp(opened.app, { country: 'Kenya' });
      const b = await signUp(opened.app, { country: 'Uganda' });
      const c = await signUp(opened.app, { country: 'Kenya' });
      await makeOld(opened, a, 'KE');
      await makeOld(opened, b, 'UG');
      await makeOld(opened, c, 'KE');
      // The owner named the country on their invoices themselves: only the account's country changes.
      const [row] = await opened.ctx.db.select({ s: users.invoiceSettings }).from(users).where(eq(users.id, c.userId));
      const s = JSON.parse(row!.s) as { country: Record<string, string> };
      await opened.ctx.db
        .update(users)
        .set({ invoiceSettings: JSON.stringify({ ...s, country: { ...s.country, name: 'Republic of Kenya' } }) })
        .where(eq(users.id, c.userId));
      const odd = await signUp(opened.app, { country: 'Kenya' });
      await opened.ctx.db.update(users).set({ country: 'XQ' }).where(eq(users.id, odd.userId));
      // Other test files' accounts may share the database (PostgreSQL): count at least ours.
      expect(await nameStoredCountryCodes(opened.ctx, 1)).toBeGreaterThanOrEqual(3);
      expect(await rowOf(opened, a)).toMatchObject({ country: 'Kenya', settings: { country: { name: 'Kenya' } } });
      expect(await rowOf(opened, b)).toMatchObject({ country: 'Uganda', settings: { country: { name: 'Uganda' } } });
      expect(await rowOf(opened, c)).toMatchObject({ country: 'Kenya', settings: { country: { name: 'Republic of Kenya' } } });
      expect((await rowOf(opened, odd)).country).toBe('XQ');
      expect(await nameStoredCountryCodes(opened.ctx, 1)).toBe(0);
    } finally {
      await opened.app.close();
    }
  }, 180_000);
});
