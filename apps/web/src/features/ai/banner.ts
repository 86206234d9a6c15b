import { TIMINGS } from '@duka/core';
import { STORAGE_KEYS } from '../../data/session';

/** SPEC §3/§4: the local AiWriter record of the banner popup (modal 4). */
export interface BannerRecord {
  /** ISO date after which the banner is no longer offered. */
  expireBanner: string;
  dismissed: boolean;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function parse(raw: string | null): BannerRecord | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<BannerRecord>;
    if (typeof v.expireBanner === 'string' && typeof v.dismissed === 'boolean') return { expireBanner: v.expireBanner, dismissed: v.dismissed };
  } catch {
    // a broken record is replaced below
  }
  return null;
}

/** Reads the record, storing a new one (expiry 20 days ahead, not dismissed) on first run. */
export function ensureBannerRecord(now: Date, store: Store = localStorage): BannerRecord {
  const existing = parse(store.getItem(STORAGE_KEYS.aiWriter));
  if (existing) return existing;
  const record: BannerRecord = { expireBanner: new Date(now.getTime() + TIMINGS.bannerExpiry).toISOString(), dismissed: false };
  store.setItem(STORAGE_KEYS.aiWriter, JSON.stringify(record));
  return record;
}

/** The banner shows until it is dismissed or its 20 days are over. */
export function shouldShowBanner(record: BannerRecord, now: Date): boolean {
  return !record.dismissed && now.getTime() < Date.parse(record.expireBanner);
}

export function dismissBanner(now: Date, store: Store = localStorage): BannerRecord {
  const record = { ...ensureBannerRecord(now, store), dismissed: true };
  store.setItem(STORAGE_KEYS.aiWriter, JSON.stringify(record));
  return record;
}
