import { fiscalCountryRefusal, type fiscalSettingsBody } from '@duka/core';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { fiscalUnits, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { resolveTarget, TargetError } from '../../lib/net/public-target';
import { clockOf } from '../../lib/clock';
import { EtimsError, etimsUnit } from './etims';
import { deviceClaimKey, staleClaim } from './claims';
import { decryptSecret, encryptSecret } from './secrets';
import { etimsAddressPolicy, forgetUnit } from './units';

/**
 * Connecting a business to its own KRA eTIMS device (Settings → KRA eTIMS, issue 26), with the rules the tester
 * found missing:
 *  - F8: only a business in the authority's country connects it (core's fiscalCountryRefusal): 400;
 *  - F5: the eTIMS address must be a public one (lib/net's policy, after DNS); it is checked again at every request;
 *  - F4: one Duka account per device at KRA (authority, TIN, branch, device serial): the device's receipt numbers and
 *    item codes are the taxpayer's at KRA, so a second account would repeat them (KRA error 994) and take over the
 *    communication key. The device belongs to the first account that KRA eTIMS initialised it for (nothing is saved
 *    unless eTIMS did); the database's unique key refuses the second account, also two at once: 409. A claim verified
 *    on a host that is not KRA's is keyed by that host (claims.ts): a fake "eTIMS" that accepts every device claims
 *    nothing at KRA.
 */
type Body = z.output<typeof fiscalSettingsBody>;

const PROVIDER = 'etims';

export function deviceTakenMessage(b: Pick<Body, 'tin' | 'branch_id' | 'device_serial'>): string {
  return (
    `This KRA device (PIN ${b.tin}, branch ${b.branch_id}, device serial ${b.device_serial.trim()}) already belongs to another Duka account, ` +
    "which connected it to KRA eTIMS first. A device's receipt numbers and item codes are kept by KRA, so only one account can use it. " +
    'If that account is yours, disconnect the device there (Settings → KRA eTIMS → Use TEST MODE); if the device is yours and you do not ' +
    'know that account, contact Duka support; otherwise check the device serial KRA gave this business.'
  );
}

/** Which unique key a failed write hit, if it was the device's. */
function deviceKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && `${constraint ?? ''} ${message ?? ''}`.includes('fiscal_units_device_idx')) return true;
  }
  return false;
}

/** Refuses an eTIMS address the server must not contact (private, local, internal; a name that does not resolve). */
async function checkAddress(ctx: AppContext, apiBase: string): Promise<void> {
  try {
    await resolveTarget(apiBase, etimsAddressPolicy(ctx));
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    const field = (message: string) => new AppError('bad_request', message, { api_base: message });
    if (err.reason === 'unresolved') throw field(`The eTIMS address ${err.host} could not be found. Use the address KRA gave you.`);
    if (err.reason === 'blocked' || err.reason === 'internal_name')
      throw field('This eTIMS address points to a private, local or internal network address, which Duka does not contact. Use the address KRA gave you.');
    throw field('Use the eTIMS address KRA gave you, e.g. https://etims-api-sbx.kra.go.ke/etims-api');
  }
}

/**
 * Other accounts' claims of this device key: `blocking` when one was verified by eTIMS and still has this key under the
 * claim rules (claims.ts); `stale` lists those verified on a host that is not KRA before the host was part of the key.
 */
async function holdersOf(ctx: AppContext, userId: string, deviceKey: string): Promise<{ blocking: boolean; stale: string[] }> {
  const rows = await ctx.db
    .select({ userId: fiscalUnits.userId, verified: fiscalUnits.cmcKeyEnc, settingsEnc: fiscalUnits.settingsEnc, branchId: fiscalUnits.branchId })
    .from(fiscalUnits)
    .where(and(eq(fiscalUnits.provider, PROVIDER), eq(fiscalUnits.deviceKey, deviceKey), ne(fiscalUnits.userId, userId)));
  const stale: string[] = [];
  let blocking = false;
  for (const row of rows) {
    if (!row.verified) continue;
    const stored = storedDevice(ctx, row.settingsEnc, row.branchId);
    if (stored && staleClaim(ctx.config, PROVIDER, { deviceKey, ...stored })) stale.push(row.userId);
    else blocking = true;
  }
  return { blocking, stale };
}

/** The device a stored row names (its encrypted settings); null when they cannot be read (then the claim stands). */
function storedDevice(ctx: AppContext, settingsEnc: string, branchId: string) {
  try {
    const s = JSON.parse(decryptSecret(ctx.config.jwtSecret, settingsEnc)) as { api_base?: string; tin?: string; device_serial?: string };
    if (!s.api_base || !s.tin || !s.device_serial) return null;
    return { apiBase: s.api_base, tin: s.tin, branchId, deviceSerial: s.device_serial };
  } catch {
    return null;
  }
}

/**
 * Connects the device only once KRA eTIMS initialised it with these settings (F4, squatting): typing another
 * taxpayer's PIN, branch and serial claims nothing unless eTIMS accepts them, and a device another account verified
 * first is refused (409) before anything reaches eTIMS, so its communication key is never taken over.
 */
export async function connectDevice(ctx: AppContext, userId: string, b: Body): Promise<void> {
  const [user] = await ctx.db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  const refusal = fiscalCountryRefusal(PROVIDER, user?.country);
  if (refusal) throw new AppError('bad_request', refusal);
  await checkAddress(ctx, b.api_base);
  const named = { apiBase: b.api_base, tin: b.tin, branchId: b.branch_id, deviceSerial: b.device_serial };
  // Keyed by where it is verified (claims.ts): a claim made on a host that is not KRA never blocks the owner on KRA.
  const deviceKey = deviceClaimKey(ctx.config, PROVIDER, named);
  const taken = () => new AppError('conflict', deviceTakenMessage(b), { device_serial: deviceTakenMessage(b) });
  // The server's own ETIMS_* device signs for the businesses ETIMS_ACCOUNT names: it is taken too.
  const server = ctx.config.etims;
  if (server && deviceKey === deviceClaimKey(ctx.config, PROVIDER, server)) throw taken();
  const { blocking, stale } = await holdersOf(ctx, userId, deviceKey);
  if (blocking) throw taken();

  // Verified against eTIMS first: the device is initialised with these settings; nothing is kept unless it was.
  let key: { cmcKey: string; controlUnitId: string } | null = null;
  const settings = {
    apiBase: b.api_base,
    tin: b.tin,
    branchId: b.branch_id,
    deviceSerial: b.device_serial,
    timeoutMs: ctx.config.etims?.timeoutMs ?? ctx.config.etimsTimeoutMs,
    policy: etimsAddressPolicy(ctx),
  };
  const store = { load: async () => null, save: async (cmcKey: string, controlUnitId: string) => void (key = { cmcKey, controlUnitId }) };
  try {
    await etimsUnit(settings, store, () => clockOf(ctx).now()).initialise();
  } catch (err) {
    if (err instanceof EtimsError)
      throw new AppError(
        err.failure.retry ? 'bad_gateway' : 'unprocessable',
        `Nothing was saved: KRA eTIMS did not initialise the device with these settings. ${err.failure.message}`,
      );
    throw err;
  }
  const verified = key as { cmcKey: string; controlUnitId: string } | null;
  if (!verified) throw new AppError('bad_gateway', 'Nothing was saved: KRA eTIMS did not give the device a communication key. Try again.');
  const secret = ctx.config.jwtSecret;
  const settingsEnc = encryptSecret(secret, JSON.stringify({ api_base: b.api_base, tin: b.tin, device_serial: b.device_serial }));
  const now = clockOf(ctx).now();
  const row = {
    provider: PROVIDER,
    branchId: b.branch_id,
    deviceKey,
    settingsEnc,
    cmcKeyEnc: encryptSecret(secret, verified.cmcKey),
    controlUnitId: verified.controlUnitId || null,
    initialisedAt: now,
    updatedAt: now,
  };
  try {
    await ctx.db.transaction(async (tx) => {
      // A connection of another account that eTIMS never initialised (saved before a device had to be verified), or one
      // verified on a host that is not KRA before claims were keyed by host (claims.ts), holds nothing.
      const others = and(eq(fiscalUnits.provider, PROVIDER), eq(fiscalUnits.deviceKey, deviceKey), ne(fiscalUnits.userId, userId));
      await tx
        .delete(fiscalUnits)
        .where(and(others, stale.length ? or(isNull(fiscalUnits.cmcKeyEnc), inArray(fiscalUnits.userId, stale)) : isNull(fiscalUnits.cmcKeyEnc)));
      // Two accounts verifying the same device at once: the database's unique key lets one have it.
      await tx
        .insert(fiscalUnits)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: fiscalUnits.userId, set: row });
    });
  } catch (err) {
    if (deviceKeyViolation(err)) throw taken();
    throw err;
  }
  forgetUnit(ctx, userId);
}

/** Disconnects the business's own device: its row goes, so the device is free for another account. */
export async function disconnectDevice(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(fiscalUnits).where(eq(fiscalUnits.userId, userId));
  forgetUnit(ctx, userId);
}
