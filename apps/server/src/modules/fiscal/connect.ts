import { fiscalCountryRefusal, type fiscalSettingsBody } from '@duka/core';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fiscalUnits, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { resolveTarget, TargetError } from '../../lib/net/public-target';
import { EtimsError } from './etims';
import { encryptSecret, fiscalDeviceKey } from './secrets';
import { etimsAddressPolicy, forgetUnit, unitFor } from './units';

/**
 * Connecting a business to its own KRA eTIMS device (Settings → KRA eTIMS, issue 26), with the rules the tester
 * found missing:
 *  - F8: only a business in the authority's country connects it (core's fiscalCountryRefusal): 400;
 *  - F5: the eTIMS address must be a public one (lib/net's policy, after DNS); it is checked again at every request;
 *  - F4: one Duka account per device at KRA (authority, TIN, branch, device serial): the device's receipt numbers and
 *    item codes are the taxpayer's at KRA, so a second account would repeat them (KRA error 994) and take over the
 *    communication key. The database's unique key refuses the second account, also two at once: 409.
 */
type Body = z.output<typeof fiscalSettingsBody>;

const PROVIDER = 'etims';

export function deviceTakenMessage(b: Pick<Body, 'tin' | 'branch_id' | 'device_serial'>): string {
  return (
    `This KRA device (PIN ${b.tin}, branch ${b.branch_id}, device serial ${b.device_serial.trim()}) is already connected to another Duka account. ` +
    "A device's receipt numbers and item codes are kept by KRA, so only one account can use it: disconnect it in that account " +
    '(Settings → KRA eTIMS → Use TEST MODE), or ask KRA for another device serial for this business.'
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

export async function connectDevice(ctx: AppContext, userId: string, b: Body): Promise<void> {
  const [user] = await ctx.db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  const refusal = fiscalCountryRefusal(PROVIDER, user?.country);
  if (refusal) throw new AppError('bad_request', refusal);
  await checkAddress(ctx, b.api_base);
  const device = { provider: PROVIDER, tin: b.tin, branchId: b.branch_id, deviceSerial: b.device_serial };
  const deviceKey = fiscalDeviceKey(ctx.config.jwtSecret, device);
  // The server's own ETIMS_* device signs for the businesses without settings: it is taken too.
  const server = ctx.config.etims;
  if (server && deviceKey === fiscalDeviceKey(ctx.config.jwtSecret, { provider: PROVIDER, ...server }))
    throw new AppError('conflict', deviceTakenMessage(b), { device_serial: deviceTakenMessage(b) });
  const settingsEnc = encryptSecret(ctx.config.jwtSecret, JSON.stringify({ api_base: b.api_base, tin: b.tin, device_serial: b.device_serial }));
  try {
    await ctx.db
      .insert(fiscalUnits)
      .values({ userId, provider: PROVIDER, branchId: b.branch_id, deviceKey, settingsEnc })
      .onConflictDoUpdate({
        target: fiscalUnits.userId,
        set: {
          provider: PROVIDER,
          branchId: b.branch_id,
          deviceKey,
          settingsEnc,
          cmcKeyEnc: null,
          controlUnitId: null,
          initialisedAt: null,
          updatedAt: new Date(),
        },
      });
  } catch (err) {
    if (deviceKeyViolation(err)) throw new AppError('conflict', deviceTakenMessage(b), { device_serial: deviceTakenMessage(b) });
    throw err;
  }
  forgetUnit(ctx, userId);
  try {
    await (await unitFor(ctx, userId)).unit.initialise();
  } catch (err) {
    if (err instanceof EtimsError)
      throw new AppError(
        err.failure.retry ? 'bad_gateway' : 'unprocessable',
        `The settings are saved, but KRA eTIMS did not initialise the device: ${err.failure.message}`,
      );
    throw err;
  }
}

/** Disconnects the business's own device: its row goes, so the device is free for another account. */
export async function disconnectDevice(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(fiscalUnits).where(eq(fiscalUnits.userId, userId));
  forgetUnit(ctx, userId);
}
