import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFirstSyncBusy } from '../data/sync/linkBusy';
import { prefetchWhenIdle, slowLink } from './prefetch';

describe('prefetch only when the link is idle and fast (issue 30)', () => {
  afterEach(() => {
    setFirstSyncBusy(false);
    vi.useRealTimers();
  });

  it('reads the Network Information API: metered, 2g or under 0.5 Mbit/s is slow; no API counts as fast', () => {
    expect(slowLink(undefined)).toBe(false);
    expect(slowLink({ effectiveType: '4g', downlink: 10 })).toBe(false);
    expect(slowLink({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(slowLink({ effectiveType: '3g', downlink: 1.6 })).toBe(false);
    expect(slowLink({ effectiveType: '3g', downlink: 0.4 })).toBe(true);
    expect(slowLink({ effectiveType: 'slow-2g' })).toBe(true);
    expect(slowLink({ effectiveType: '4g', downlink: 0.4 })).toBe(true);
  });

  it('waits for the first sync to leave the link, then the idle moment; cancel stops it', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    setFirstSyncBusy(true);
    prefetchWhenIdle(run);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    setFirstSyncBusy(false);
    vi.advanceTimersByTime(3_000);
    expect(run).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    setFirstSyncBusy(true);
    const cancel = prefetchWhenIdle(cancelled);
    cancel();
    setFirstSyncBusy(false);
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('a signed-in frame holds the link until the sync engine has run once on the page; later holds do nothing', async () => {
    vi.resetModules();
    const link = await import('../data/sync/linkBusy');
    const run = vi.fn();
    link.holdLinkUntilFirstRun();
    expect(link.isFirstSyncBusy()).toBe(true);
    link.whenLinkFree(run);
    expect(run).not.toHaveBeenCalled();
    link.setFirstSyncBusy(false); // the engine's first run ended
    expect(run).toHaveBeenCalledTimes(1);
    link.holdLinkUntilFirstRun(); // the frame drawn again (another page of the app): no new wait
    expect(link.isFirstSyncBusy()).toBe(false);
  });

  it("after a first sync, code that can wait waits SETTLE_AFTER_FIRST_SYNC_MS more; after the frame's hold alone, none", async () => {
    vi.resetModules();
    vi.useFakeTimers();
    const link = { ...(await import('../data/sync/linkBusy')), ...(await import('../data/sync/linkSettled')) };
    const afterHold = vi.fn();
    link.holdLinkUntilFirstRun();
    link.whenLinkSettled(afterHold);
    link.setFirstSyncBusy(false); // a run that found the data already here
    expect(afterHold).toHaveBeenCalledTimes(1);

    const afterFirst = vi.fn();
    const cancelled = vi.fn();
    link.setFirstSyncBusy(true); // a first sync (the engine's run)
    link.whenLinkSettled(afterFirst);
    const cancel = link.whenLinkSettled(cancelled);
    link.noteFirstSyncEnded();
    link.setFirstSyncBusy(false);
    expect(afterFirst).not.toHaveBeenCalled();
    cancel();
    vi.advanceTimersByTime(link.SETTLE_AFTER_FIRST_SYNC_MS - 100);
    expect(afterFirst).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(afterFirst).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    // Asked later, once settled: at once.
    const later = vi.fn();
    link.whenLinkSettled(later);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
