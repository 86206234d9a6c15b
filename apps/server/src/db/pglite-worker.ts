import { receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite, type PgliteOpenOptions } from './pglite-open';
import { prepareRepeatedStatements } from './pglite-prepared';
import { countConnectionTurns } from './pglite-queue';
import { fromWire, GONE, packError, REQ, RES, STAT_KEYS, type Answer, type AsyncRequest, type Note, type SyncRequest } from './pglite-wire';

/**
 * The database thread (issue 27): owns the embedded PGlite so PostgreSQL's work runs on another core than the server's
 * requests (pglite-thread.ts is the server's side). Calls outside a transaction arrive on `asyncPort` and run one at a
 * time in arrival order. A transaction is driven synchronously by the server's thread (its statements go on
 * `syncPort` and the server waits for each answer, as it did when PGlite ran in its own thread): between calls this
 * thread looks for a transaction waiting to begin, which goes before the calls still queued, so the one connection is
 * never held while the server is busy elsewhere.
 */
interface Data {
  open: PgliteOpenOptions;
  prepared: boolean;
  signal: Int32Array;
  stats: Float64Array;
  asyncPort: MessagePort;
  syncPort: MessagePort;
}
const { open, prepared, signal, stats, asyncPort, syncPort } = workerData as Data;

let notes: Note[] = [];
const takeNotes = () => {
  if (!notes.length) return undefined;
  const out = notes;
  notes = [];
  return out;
};

let client: PGlite;
let queueStats: () => Record<string, number>;
const publishStats = () => {
  const s = queueStats();
  STAT_KEYS.forEach((k, i) => (stats[i] = s[k] ?? 0));
};

/** Stopping (closed, or failed): the server's thread, maybe waiting for a transaction's answer, is told at once. */
const gone = () => {
  Atomics.store(signal, GONE, 1);
  Atomics.notify(signal, RES);
};
process.on('exit', gone);

const answer = (port: MessagePort, a: Answer) => {
  try {
    port.postMessage(a);
  } catch (err) {
    // A result that cannot be cloned (none expected): answered as an error rather than never.
    port.postMessage({ id: a.id, ok: false, error: packError(err), notes: a.notes } satisfies Answer);
  }
};

const answerSync = (a: Answer) => {
  answer(syncPort, a);
  Atomics.add(signal, RES, 1);
  Atomics.notify(signal, RES);
};

/** The next statement of the open transaction: this thread waits (blocked) for the server to send it. */
function nextSync(): SyncRequest {
  for (;;) {
    const seen = Atomics.load(signal, REQ);
    const m = receiveMessageOnPort(syncPort);
    if (m) return m.message as SyncRequest;
    Atomics.wait(signal, REQ, seen, 1000);
  }
}

const ROLLBACK = Symbol('rollback');

async function runTransaction(): Promise<void> {
  let began = false;
  let ending: Answer | undefined;
  try {
    await client.transaction(async (tx: Transaction) => {
      began = true;
      answerSync({ ok: true });
      for (;;) {
        const msg = nextSync();
        if (msg.op === 'end') {
          if (!msg.commit) throw ROLLBACK;
          return;
        }
        try {
          if (msg.op === 'begin') throw new Error('a transaction is already open');
          const result = msg.op === 'query' ? await tx.query(msg.text, msg.params, fromWire(msg.options)) : await tx.exec(msg.text);
          answerSync({ ok: true, result, notes: takeNotes() });
        } catch (err) {
          answerSync({ ok: false, error: packError(err), notes: takeNotes() });
        }
      }
    });
    ending = { ok: true, notes: takeNotes() };
  } catch (err) {
    ending = err === ROLLBACK ? { ok: true, notes: takeNotes() } : { ok: false, error: packError(err), notes: takeNotes() };
  }
  // Before the callback ran (BEGIN failed) this answers the begin; after, the end.
  answerSync(began ? ending : { ...ending, ok: false, error: ending.error ?? packError(new Error('transaction did not begin')) });
}

async function runAsync(msg: Exclude<AsyncRequest, { op: 'wake' }>): Promise<void> {
  try {
    let result: unknown;
    if (msg.op === 'query') result = await client.query(msg.text, msg.params, fromWire(msg.options));
    else if (msg.op === 'exec') result = await client.exec(msg.text);
    else if (msg.op === 'listen') await client.listen(msg.channel, (payload) => notes.push([msg.channel, payload]));
    else if (msg.op === 'unlisten') await client.unlisten(msg.channel);
    else if (msg.op === 'close') {
      await client.close();
      answer(asyncPort, { id: msg.id, ok: true });
      gone();
      asyncPort.close();
      syncPort.close();
      return;
    }
    answer(asyncPort, { id: msg.id, ok: true, result, notes: takeNotes() });
  } catch (err) {
    answer(asyncPort, { id: msg.id, ok: false, error: packError(err), notes: takeNotes() });
  }
}

const queue: Exclude<AsyncRequest, { op: 'wake' }>[] = [];
let pumping = false;
let ready = false;

/** Runs waiting transactions first, then queued calls, one at a time, until none is left. */
async function pump(): Promise<void> {
  if (pumping || !ready) return;
  pumping = true;
  try {
    for (;;) {
      const sync = receiveMessageOnPort(syncPort);
      if (sync) {
        const msg = sync.message as SyncRequest;
        if (msg.op === 'begin') await runTransaction();
        else answerSync({ ok: false, error: packError(new Error(`no open transaction for ${msg.op}`)) });
      } else {
        const job = queue.shift();
        if (!job) break;
        await runAsync(job);
      }
      publishStats();
    }
  } finally {
    pumping = false;
  }
}

asyncPort.on('message', (msg: AsyncRequest) => {
  if (msg.op !== 'wake') queue.push(msg);
  void pump();
});

try {
  client = await openPglite(open, (moment) => asyncPort.postMessage({ event: 'mark', moment }));
  queueStats = countConnectionTurns(client) as unknown as () => Record<string, number>;
  if (prepared) prepareRepeatedStatements(client);
  ready = true;
  asyncPort.postMessage({ event: 'ready' });
  void pump();
} catch (err) {
  asyncPort.postMessage({ event: 'failed', error: packError(err) });
  gone();
  asyncPort.close();
  syncPort.close();
}
