import { TIMINGS } from '@duka/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissBanner, ensureBannerRecord, shouldShowBanner } from './banner';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('the AiWriter banner record (SPEC §4)', () => {
  beforeEach(() => localStorage.clear());

  it('stores a record 20 days ahead, not dismissed, on first run', () => {
    const rec = ensureBannerRecord(now);
    expect(rec).toEqual({ expireBanner: new Date(now.getTime() + TIMINGS.bannerExpiry).toISOString(), dismissed: false });
    expect(rec.expireBanner).toBe('2026-12-12T10:00:00.000Z');
    expect(JSON.parse(localStorage.getItem('AiWriter') ?? 'null')).toEqual(rec);
    expect(shouldShowBanner(rec, now)).toBe(true);
  });

  it('keeps the first record on later runs', () => {
    const first = ensureBannerRecord(now);
    const later = ensureBannerRecord(new Date(now.getTime() + 5 * 86_400_000));
    expect(later).toEqual(first);
  });

  it('stops showing after the expiry', () => {
    const rec = ensureBannerRecord(now);
    expect(shouldShowBanner(rec, new Date(now.getTime() + TIMINGS.bannerExpiry - 1))).toBe(true);
    expect(shouldShowBanner(rec, new Date(now.getTime() + TIMINGS.bannerExpiry))).toBe(false);
  });

  it('dismissing sets dismissed=true and keeps the expiry', () => {
    const rec = ensureBannerRecord(now);
    const after = dismissBanner(new Date(now.getTime() + 1000));
    expect(after).toEqual({ expireBanner: rec.expireBanner, dismissed: true });
    expect(shouldShowBanner(ensureBannerRecord(now), now)).toBe(false);
  });

  it('replaces a broken record', () => {
    localStorage.setItem('AiWriter', '{not json');
    expect(ensureBannerRecord(now).dismissed).toBe(false);
    localStorage.setItem('AiWriter', JSON.stringify({ dismissed: 'yes' }));
    expect(shouldShowBanner(ensureBannerRecord(now), now)).toBe(true);
  });
});
