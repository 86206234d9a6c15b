import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fees } from '../../db/schema';
import { reopenableApp, signUp, type SignedUp } from '../../test/harness';
import { client } from '../sync/test-utils';
import { renameOldDefaultFees } from './default-names';

/**
 * Issue 23 (verify27): Cameroonian accounts made before the default VAT was named in the owner's language keep
 * 'TVA 19.25%' (new French accounts get 'TVA 19,25 %'). At start-up their untouched default fee gets today's name,
 * once; devices pull it; a fee the owner edited, and an English owner's, are left alone. PGlite (a data directory
 * opened twice) and PostgreSQL (TEST_DATABASE_URL).
 */
const open = reopenableApp('fee-names');
type Opened = Awaited<ReturnType<typeof open>>;

const feeOf = async ({ app }: Opened, user: SignedUp) =>
  (await client(app, user).get('/fees')).body.records[0] as { id: string; name: string; version: number };
/** Stores the fee as the server seeded it before (the old name), as untouched as it was then. */
const makeOld = async ({ ctx }: Opened, id: string, name: string) => {
  await ctx.db.update(fees).set({ name }).where(eq(fees.id, id));
};

describe('old accounts’ default VAT name (issue 23)', () => {
  it('is renamed as in the owner’s language at start-up, once; edited fees and English owners keep theirs', async () => {
    const first = await open();
    const fr = await signUp(first.app, { country: 'Cameron', language: 'fr' });
    const frOlder = await signUp(first.app, { country: 'Cameron', language: 'fr' });
    const edited = await signUp(first.app, { country: 'Cameron', language: 'fr' });
    const en = await signUp(first.app, { country: 'Cameron', language: 'en' });
    await makeOld(first, (await feeOf(first, fr)).id, 'TVA 19.25%');
    await makeOld(first, (await feeOf(first, frOlder)).id, 'VAT 19.25%');
    // An owner who changed their fee (here: named it the old way themselves) keeps it.
    const editedFee = await feeOf(first, edited);
    expect((await client(first.app, edited).patch(`/fees/${editedFee.id}`, { name: 'TVA 19.25%' })).status).toBe(200);
    const enFee = await feeOf(first, en);
    expect(enFee.name).toBe('VAT 19.25%');
    const before = await feeOf(first, fr);
    expect(before.name).toBe('TVA 19.25%');
    await first.app.close();

    const second = await open();
    try {
      const after = await feeOf(second, fr);
      expect(after.name).toBe('TVA 19,25\u00a0%');
      expect((await feeOf(second, frOlder)).name).toBe('TVA 19,25\u00a0%');
      expect(await feeOf(second, edited)).toMatchObject({ name: 'TVA 19.25%' });
      expect(await feeOf(second, en)).toMatchObject({ name: 'VAT 19.25%', version: enFee.version });
      // A new version: the owner's devices pull the renamed fee.
      expect(after.version).toBeGreaterThan(before.version);
      const pulled = (await client(second.app, fr).pull('fees', before.version)).body;
      expect(pulled.records).toEqual([expect.objectContaining({ id: after.id, name: 'TVA 19,25\u00a0%' })]);
      // Nothing left to do; and a name the owner gives it afterwards (even the old one) stays.
      expect(await renameOldDefaultFees(second.ctx)).toBe(0);
      expect((await client(second.app, fr).patch(`/fees/${after.id}`, { name: 'TVA 19.25%' })).status).toBe(200);
      expect(await renameOldDefaultFees(second.ctx)).toBe(0);
      expect((await feeOf(second, fr)).name).toBe('TVA 19.25%');
    } finally {
      await second.app.close();
    }
  }, 180_000);

  it('works in batches over many accounts', async () => {
    const opened = await open();
    try {
      const owners = [await signUp(opened.app, { country: 'Cameron', language: 'fr' }), await signUp(opened.app, { country: 'Rwanda', language: 'fr' })];
      await makeOld(opened, (await feeOf(opened, owners[0]!)).id, 'TVA 19.25%');
      await makeOld(opened, (await feeOf(opened, owners[1]!)).id, 'TVA 18%');
      expect(await renameOldDefaultFees(opened.ctx, 1)).toBe(2);
      expect((await feeOf(opened, owners[0]!)).name).toBe('TVA 19,25\u00a0%');
      expect((await feeOf(opened, owners[1]!)).name).toBe('TVA 18\u00a0%');
      expect(await renameOldDefaultFees(opened.ctx, 1)).toBe(0);
    } finally {
      await opened.app.close();
    }
  }, 180_000);

  it('is renamed as soon as an owner who signed up in English chooses French; back in English it stays TVA', async () => {
    const opened = await open();
    try {
      const owner = await signUp(opened.app, { country: 'Cameron', language: 'en' });
      const other = await signUp(opened.app, { country: 'Cameron', language: 'en' });
      const language = (language: string) =>
        opened.app.inject({ method: 'PATCH', url: `/api/users/${owner.username}`, headers: owner.auth, payload: { user: { language } } });
      const before = await feeOf(opened, owner);
      expect(before.name).toBe('VAT 19.25%');
      expect((await language('fr')).statusCode).toBe(200);
      const after = await feeOf(opened, owner);
      expect(after).toMatchObject({ id: before.id, name: 'TVA 19,25\u00a0%' });
      // Devices pull it: a new version.
      expect(after.version).toBeGreaterThan(before.version);
      // Another account is not touched, and English again keeps the French word (renamedDefaultFee).
      expect((await feeOf(opened, other)).name).toBe('VAT 19.25%');
      expect((await language('en')).statusCode).toBe(200);
      expect((await feeOf(opened, owner)).name).toBe('TVA 19,25\u00a0%');
    } finally {
      await opened.app.close();
    }
  }, 180_000);
});
