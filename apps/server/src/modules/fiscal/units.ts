import { businessFiscalises, type FiscalMode, type FiscalUnit } from '@duka/core';
import { eq, sql } from 'drizzle-orm';
import { fiscalServerKeys, fiscalUnits, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { clockOf } from '../../lib/clock';
import { defaultLookup, type TargetOptions } from '../../lib/net/public-target';
import { etimsUnit, type EtimsSettings } from './etims';
import { decryptSecret, encryptSecret } from './secrets';
import { testFiscalUnit } from './test-unit';

/**
 * Which control unit signs a business's documents: its own eTIMS settings (Settings → KRA eTIMS, stored
 * encrypted), else the server's ETIMS_* settings, else Duka's TEST MODE unit. Only Kenyan businesses are fiscalised
 * (core's businessFiscalises): a shop elsewhere keeps its invoices as they are, with or without eTIMS settings.
 */
export interface ResolvedUnit {
  unit: FiscalUnit;
  branchId: string;
  /** Whose fiscal number sequence: the business, or the server's taxpayer. */
  scope: string;
  mode: 'test' | 'etims';
  source: 'none' | 'business' | 'server';
  settings: EtimsSettings | null;
}

interface FiscalService {
  units: Map<string, ResolvedUnit>;
  /** Whether a business has its own eTIMS settings, kept per process (forgotten when they change). */
  own: Map<string, boolean>;
}

function state(ctx: AppContext): FiscalService {
  let s = ctx.services.fiscal;
  if (!s) ctx.services.fiscal = s = { units: new Map(), own: new Map() };
  return s;
}

export function forgetUnit(ctx: AppContext, userId: string): void {
  state(ctx).units.delete(userId);
  state(ctx).own.delete(userId);
}

/**
 * How this business's documents are signed (GET /state's `fiscal`, issue 26): 'off' when it is not fiscalised,
 * else 'etims' with its own or the server's eTIMS settings, else 'test'. One query per business and process, then
 * kept (the user's country comes with the caller's user row, so a change of country is seen at once).
 */
export async function fiscalModeOf(ctx: AppContext, user: { id: string; country: string | null }): Promise<FiscalMode> {
  const kept = state(ctx).own;
  let own = kept.get(user.id);
  if (own === undefined) {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(fiscalUnits)
      .where(eq(fiscalUnits.userId, user.id));
    own = Number(row?.n ?? 0) > 0;
    kept.set(user.id, own);
  }
  if (!businessFiscalises(user.country)) return 'off';
  return own || ctx.config.etims ? 'etims' : 'test';
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

export async function businessSettings(
  ctx: AppContext,
  userId: string,
): Promise<(EtimsSettings & { controlUnitId: string | null; initialised: boolean; deviceKey: string }) | null> {
  const [row] = await ctx.db.select().from(fiscalUnits).where(eq(fiscalUnits.userId, userId));
  if (!row) return null;
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

export async function unitFor(ctx: AppContext, userId: string): Promise<ResolvedUnit> {
  const cached = state(ctx).units.get(userId);
  if (cached) return cached;
  const secret = ctx.config.jwtSecret;
  const now = () => clockOf(ctx).now();
  let resolved: ResolvedUnit;
  const own = await businessSettings(ctx, userId);
  if (own) {
    const keys = {
      async load() {
        const [r] = await ctx.db.select({ k: fiscalUnits.cmcKeyEnc, cu: fiscalUnits.controlUnitId }).from(fiscalUnits).where(eq(fiscalUnits.userId, userId));
        return r?.k ? { cmcKey: decryptSecret(secret, r.k), controlUnitId: r.cu } : null;
      },
      async save(cmcKey: string, controlUnitId: string) {
        await ctx.db
          .update(fiscalUnits)
          .set({ cmcKeyEnc: encryptSecret(secret, cmcKey), controlUnitId: controlUnitId || null, initialisedAt: new Date(), updatedAt: new Date() })
          .where(eq(fiscalUnits.userId, userId));
      },
    };
    resolved = { unit: etimsUnit(own, keys, now), branchId: own.branchId, scope: `etims:${own.deviceKey}`, mode: 'etims', source: 'business', settings: own };
  } else if (ctx.config.etims) {
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
    resolved = {
      unit: etimsUnit({ ...cfg, timeoutMs: cfg.timeoutMs ?? ctx.config.etimsTimeoutMs }, keys, now),
      branchId: cfg.branchId,
      scope: `server:${cfg.tin}`,
      mode: 'etims',
      source: 'server',
      settings: cfg,
    };
  } else {
    resolved = { unit: testFiscalUnit(secret, userId, now), branchId: '00', scope: userId, mode: 'test', source: 'none', settings: null };
  }
  state(ctx).units.set(userId, resolved);
  return resolved;
}

declare module '../../lib/context' {
  interface Services {
    fiscal?: FiscalService;
    /** Tests: how a business's eTIMS address resolves (DNS otherwise), when saved and at each request. */
    fiscalLookup?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  }
}
