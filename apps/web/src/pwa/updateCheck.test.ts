import { afterEach, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_MS, watchForUpdates } from './register';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A registration whose update() finds a new build waiting the second time it is asked. */
function fakeRegistration() {
  const waiting = { postMessage: vi.fn() };
  const reg = { waiting: null as unknown, installing: null, update: vi.fn() };
  reg.update.mockImplementation(async () => {
    if (reg.update.mock.calls.length >= 2) reg.waiting = waiting;
  });
  return { reg: reg as unknown as ServiceWorkerRegistration, update: reg.update, waiting };
}

it('an app left open looks for a new build hourly and when it comes back on screen, and offers it once (t22)', async () => {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {}, addEventListener: vi.fn() } });
  const { reg, update, waiting } = fakeRegistration();
  const offer = vi.fn();
  watchForUpdates(reg, offer);
  expect(offer).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
  expect(update).toHaveBeenCalledTimes(1);
  expect(offer).not.toHaveBeenCalled();
  document.dispatchEvent(new Event('visibilitychange'));
  await vi.advanceTimersByTimeAsync(0);
  expect(update).toHaveBeenCalledTimes(2);
  expect(offer).toHaveBeenCalledTimes(1);
  // Its reload button makes the waiting worker take over.
  offer.mock.calls[0][0]();
  expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
});
