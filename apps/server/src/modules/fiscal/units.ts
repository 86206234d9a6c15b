import { businessFiscalises, type FiscalMode, type FiscalUnit } from '@duka/core';
import { and, eq } from 'drizzle-orm';
import { fiscalServerKeys, fiscalUnits, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { clockOf } from '../../lib/clock';
import { defaultLookup, type TargetOptions } from '../../lib/net/public-target';
import { etimsUnit, type EtimsSettings } from './etims';
import { decryptSecret, encryptSecret, fiscalDeviceKey } from './secrets';
import { testFiscalUnit } from './test-unit';

/**
 * Which control unit signs a business's documents: its own eTIMS settings (Settings → KRA eTIMS, stored
 * encrypted), else the operator's ETIMS_* device if ETIMS_ACCOUNT names this account, else Duka's TEST MODE unit.
 * Only Kenyan businesses are fiscalised (core's businessFiscalises): a shop elsewhere keeps its invoices as they are.
 */
export interface ResolvedUnit {
  unit: FiscalUnit;
  branchId: string;
  /** Whose fiscal number sequence: the business, or the server's taxpayer. */
  scope: string;
  mode: 'test' | 'etims';
  source: 'none' | 'business' | 'server';
  settings: EtimsSettings | null;
  /**
   * The control unit itself: `id` is stored on each document when it is picked up for sending (a document is never
   * sent to another device under this one's number), `label` names it to the owner.
   */
  device: FiscalDevice;
}

export interface FiscalDevice {
  id: string;
  label: string;
}

const deviceLabel = (serial: string, branchId: string) => `the KRA eTIMS device ${serial.trim()} (branch ${branchId})`;

interface FiscalService {
  /**
   * Resolved units kept per process with the version they were built from. The version is read again at every use
   * (one read by primary key), so a disconnect, a reconnect or a switch to TEST MODE made through another process of
   * the install is seen by the next document this process signs.
   */
  units: Map<string, { version: string; resolved: ResolvedUnit }>;
}

function state(ctx: AppContext): FiscalService {
  let s = ctx.services.fiscal;
  if (!s) ctx.services.fiscal = s = { units: new Map() };
  return s;
}

export function forgetUnit(ctx: AppContext, userId: string): void {
  state(ctx).units.delete(userId);
}

/** Whether the operator's ETIMS_* device signs for this account: only the accounts ETIMS_ACCOUNT names. */
export function serverDeviceServes(config: AppContext['config'], username: string | null | undefined): boolean {
  return !!config.etims && !!username && config.etims.accounts.includes(username.toLowerCase());
}

/**
 * How this business's documents are signed (GET /state's `fiscal`, issue 26): 'off' when it is not fiscalised,
 * else 'etims' with its own settings or the operator's device named for it, else 'test'. One read by primary key,
 * not kept: another process's disconnect shows at once.
 */
export async function fiscalModeOf(ctx: AppContext, user: { id: string; country: string | null; username: string }): Promise<FiscalMode> {
  if (!businessFiscalises(user.country)) return 'off';
  const [row] = await ctx.db.select({ userId: fiscalUnits.userId }).from(fiscalUnits).where(eq(fiscalUnits.userId, user.id));
  return row || serverDeviceServes(ctx.config, user.username) ? 'etims' : 'test';
}

/** True when this business's invoices are fiscalised (a Kenyan business: core's businessFiscalises). */
export async function fiscalises(db: AppContext['db'], userId: string): Promise<boolean> {
  const [u] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  return !!u && businessFiscalises(u.country);
}

/**
 * The address policy of a business's own eTIMS address (lib/net, the AI writer's links' policy): public addresses
 * only, unless the operator set ETIMS_ALLOW_PRIVATE_ADDRESSES=true (a local OSCU test server).
 */
export function etimsAddressPolicy(ctx: AppContext): TargetOptions {
  return { lookup: (host) => (ctx.services.fiscalLookup ?? defaultLookup)(host), allow: () => ctx.config.etimsAllowPrivate };
}

type UnitRow = Pick<typeof fiscalUnits.$inferSelect, 'settingsEnc' | 'branchId' | 'controlUnitId' | 'cmcKeyEnc' | 'deviceKey'>;

/** The business's username and its own device row, in one read by primary key. */
async function unitRowOf(ctx: AppContext, userId: string): Promise<{ username: string | null; row: UnitRow | null }> {
  const [r] = await ctx.db
    .select({
      username: users.username,
      settingsEnc: fiscalUnits.settingsEnc,
      branchId: fiscalUnits.branchId,
      controlUnitId: fiscalUnits.controlUnitId,
      cmcKeyEnc: fiscalUnits.cmcKeyEnc,
      deviceKey: fiscalUnits.deviceKey,
    })
    .from(users)
    .leftJoin(fiscalUnits, eq(fiscalUnits.userId, users.id))
    .where(eq(users.id, userId));
  if (!r) return { username: null, row: null };
  const { username, settingsEnc, branchId, controlUnitId, cmcKeyEnc, deviceKey } = r;
  return { username, row: settingsEnc && branchId && deviceKey ? { settingsEnc, branchId, controlUnitId, cmcKeyEnc, deviceKey } : null };
}

function settingsOfRow(ctx: AppContext, row: UnitRow): EtimsSettings & { controlUnitId: string | null; initialised: boolean; deviceKey: string } {
  const s = JSON.parse(decryptSecret(ctx.config.jwtSecret, row.settingsEnc)) as { api_base: string; tin: string; device_serial: string };
  return {
    apiBase: s.api_base,
    tin: s.tin,
    deviceSerial: s.device_serial,
    branchId: row.branchId,
    controlUnitId: row.controlUnitId,
    initialised: !!row.cmcKeyEnc,
    deviceKey: row.deviceKey,
    timeoutMs: ctx.config.etims?.timeoutMs ?? ctx.config.etimsTimeoutMs,
    // The address the business typed: public addresses only, checked after DNS and pinned (issue 26 F5).
    policy: etimsAddressPolicy(ctx),
  };
}

export async function businessSettings(ctx: AppContext, userId: string): Promise<ReturnType<typeof settingsOfRow> | null> {
  const { row } = await unitRowOf(ctx, userId);
  return row ? settingsOfRow(ctx, row) : null;
}

/**
 * The unit that signs this business's next document. Its version is read at every call: the settings' ciphertext
 * (a new random IV at every save, gone at a disconnect) and whether the operator's device serves the account; a
 * kept unit of another version is never used.
 */
export async function unitFor(ctx: AppContext, userId: string): Promise<ResolvedUnit> {
  const { username, row } = await unitRowOf(ctx, userId);
  const serverServes = !row && serverDeviceServes(ctx.config, username);
  const version = row ? `own:${row.settingsEnc}` : serverServes ? 'server' : 'test';
  const cached = state(ctx).units.get(userId);
  if (cached?.version === version) return cached.resolved;
  const resolved = resolve(ctx, userId, row ? settingsOfRow(ctx, row) : null, serverServes);
  state(ctx).units.set(userId, { version, resolved });
  return resolved;
}

function resolve(ctx: AppContext, userId: string, own: ReturnType<typeof settingsOfRow> | null, serverServes: boolean): ResolvedUnit {
  const secret = ctx.config.jwtSecret;
  const now = () => clockOf(ctx).now();
  if (own) {
    const keys = {
      async load() {
        const [r] = await ctx.db
          .select({ k: fiscalUnits.cmcKeyEnc, cu: fiscalUnits.controlUnitId })
          .from(fiscalUnits)
          .where(and(eq(fiscalUnits.userId, userId), eq(fiscalUnits.deviceKey, own.deviceKey)));
        return r?.k ? { cmcKey: decryptSecret(secret, r.k), controlUnitId: r.cu } : null;
      },
      async save(cmcKey: string, controlUnitId: string) {
        // Only while the business still holds this device: a key never lands on settings saved since.
        await ctx.db
          .update(fiscalUnits)
          .set({ cmcKeyEnc: encryptSecret(secret, cmcKey), controlUnitId: controlUnitId || null, initialisedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(fiscalUnits.userId, userId), eq(fiscalUnits.deviceKey, own.deviceKey)));
      },
    };
    return {
      unit: etimsUnit(own, keys, now),
      branchId: own.branchId,
      scope: `etims:${own.deviceKey}`,
      mode: 'etims',
      source: 'business',
      settings: own,
      device: { id: `etims:${own.deviceKey}`, label: deviceLabel(own.deviceSerial, own.branchId) },
    };
  }
  if (serverServes && ctx.config.etims) {
    const cfg = ctx.config.etims;
    const key = `${cfg.tin}:${cfg.branchId}:${cfg.deviceSerial}`;
    const keys = {
      async load() {
        const [r] = await ctx.db.select().from(fiscalServerKeys).where(eq(fiscalServerKeys.key, key));
        return r ? { cmcKey: decryptSecret(secret, r.cmcKeyEnc), controlUnitId: r.controlUnitId } : null;
      },
      async save(cmcKey: string, controlUnitId: string) {
        const enc = encryptSecret(secret, cmcKey);
        await ctx.db
          .insert(fiscalServerKeys)
          .values({ key, cmcKeyEnc: enc, controlUnitId: controlUnitId || null })
          .onConflictDoUpdate({ target: fiscalServerKeys.key, set: { cmcKeyEnc: enc, controlUnitId: controlUnitId || null, updatedAt: new Date() } });
      },
    };
    return {
      unit: etimsUnit({ ...cfg, timeoutMs: cfg.timeoutMs ?? ctx.config.etimsTimeoutMs }, keys, now),
      branchId: cfg.branchId,
      scope: `server:${cfg.tin}`,
      mode: 'etims',
      source: 'server',
      settings: cfg,
      device: { id: `server:${fiscalDeviceKey(secret, { provider: 'etims', ...cfg })}`, label: deviceLabel(cfg.deviceSerial, cfg.branchId) },
    };
  }
  return {
    unit: testFiscalUnit(secret, userId, now),
    branchId: '00',
    scope: userId,
    mode: 'test',
    source: 'none',
    settings: null,
    device: { id: `test:${userId}`, label: "Duka's TEST MODE unit" },
  };
}

declare module '../../lib/context' {
  interface Services {
    fiscal?: FiscalService;
    /** Tests: how a business's eTIMS address resolves (DNS otherwise), when saved and at each request. */
    fiscalLookup?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  }
}
