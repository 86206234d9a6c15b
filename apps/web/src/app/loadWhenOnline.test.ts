import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './loadWhenOnline';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

describe('loadWhenOnline (chunks the app mounts by itself)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offline, a failed load waits for the connection and is tried again then', async () => {
    setOnline(false);
    const chunk = { default: 'toasts' };
    const load = vi
      .fn<() => Promise<typeof chunk>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(chunk);
    const loading = loadWhenOnline(load)();
    let settled = false;
    void loading.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, it fails after its attempts (a chunk gone after an update), as a plain load does', async () => {
    setOnline(true);
    const gone = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValue(gone);
    await expect(loadWhenOnline(load, 3, 1)()).rejects.toBe(gone);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('online, a load that fails once (a dropped request) is tried again', async () => {
    setOnline(true);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('dropped')).mockResolvedValue('ok');
    await expect(loadWhenOnline(load, 3, 1)()).resolves.toBe('ok');
  });
});
