import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delayLeft, markStorageStart, STORAGE_START_MARK, startStorageEarly, storageStartedAt } from './storageStart';

describe('SPEC §1: local data loads 300 ms after storage starts, which may start before the app (issue 30)', () => {
  afterEach(() => performance.clearMarks(STORAGE_START_MARK));

  it('counts the wait from the first start on the page; all of it when storage has not started', () => {
    expect(storageStartedAt()).toBeNull();
    expect(delayLeft(300)).toBe(300);
    const at = markStorageStart();
    expect(at).not.toBeNull();
    expect(markStorageStart()).toBe(at); // once per page
    expect(delayLeft(300, at! + 120)).toBeCloseTo(180, 6);
    expect(delayLeft(300, at! + 450)).toBe(0);
    expect(delayLeft(300, at!)).toBe(300);
  });

  it('opens an existing database ahead and never creates one', async () => {
    expect(startStorageEarly('not-on-this-device')).toBe(true);
    expect(storageStartedAt()).not.toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('not-on-this-device');
  });

  it('tells when the device has no database yet (a new phone), and not when it has one', async () => {
    const none = vi.fn();
    startStorageEarly('new-phone', none);
    await vi.waitFor(() => expect(none).toHaveBeenCalledTimes(1));
    await new Promise<void>((resolve) => {
      const made = indexedDB.open('synced-phone', 1);
      made.onupgradeneeded = () => made.result.createObjectStore('meta');
      made.onsuccess = () => (made.result.close(), resolve());
    });
    const has = vi.fn();
    startStorageEarly('synced-phone', has);
    await new Promise((r) => setTimeout(r, 50));
    expect(has).not.toHaveBeenCalled();
  });
});
