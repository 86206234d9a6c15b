// Allocation sampling of a running Node process through its inspector (for bench/seq-push-diag.mjs): unlike
// --heap-prof, which keeps only what is still alive when the process ends, this counts every sampled allocation,
// collected or not, so it shows what feeds the garbage collector on the request path (issue 27).
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';

/** Connects to the inspector on `port` (the process runs with --inspect=127.0.0.1:<port>). */
export async function allocationSampler(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let next = 0;
  const pending = new Map();
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(msg.error.message));
    else p.resolve(msg.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('HeapProfiler.enable');
  return {
    start: () =>
      send('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
    /** Stops, writes the profile (open it in Chrome DevTools' Memory tab) and closes the connection. */
    async stop(file) {
      const { profile } = await send('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify(profile));
      ws.close();
    },
  };
}
