import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { PgliteOpenOptions } from './pglite-open';
import type { QueueStats } from './pglite-queue';
import {
  GONE,
  REQ,
  RES,
  STAT_KEYS,
  toWire,
  unpackError,
  type Answer,
  type AsyncRequest,
  type Event,
  type Note,
  type SyncRequest,
  type WireError,
} from './pglite-wire';

/** How long the server's thread waits for one statement of a transaction before giving up on the database thread. */
const SYNC_TIMEOUT_MS = 120_000;

/**
 * The embedded PGlite on its own thread (issue 27), seen from the server's thread: what drizzle-orm/pglite and the
 * server call on a PGlite (query with parameters and row mode, exec, transaction, listen, waitReady, close), answered by
 * pglite-worker.ts. Calls outside a transaction are sent and answered asynchronously, so the server serves other
 * requests while PostgreSQL works on the second core. A transaction's statements are answered synchronously (this
 * thread waits for each, microseconds beyond PostgreSQL's own time): the connection is held only while its code runs,
 * as when PGlite ran here, never while this thread serves other requests between two of its statements. Transactions
 * take turns here (one open at a time), so one that awaits something else never blocks the thread waiting on another.
 */
export class PgliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly asyncPort: MessagePort;
  private readonly syncPort: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(12));
  private readonly stats = new Float64Array(new SharedArrayBuffer(8 * STAT_KEYS.length));
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private turn: Promise<unknown> = Promise.resolve();
  private failure: Error | undefined;

  constructor(open: PgliteOpenOptions, opts: { prepared: boolean; mark?: (moment: string) => void }) {
    const async = new MessageChannel();
    const sync = new MessageChannel();
    this.asyncPort = async.port1;
    this.syncPort = sync.port1;
    // From the sources (tsx, vitest) the worker is TypeScript, loaded through tsx; the bundle has dist/pglite-worker.js.
    const fromSource = import.meta.url.endsWith('.ts');
    const file = new URL(fromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
    const workerData = { open, prepared: opts.prepared, signal: this.signal, stats: this.stats, asyncPort: async.port2, syncPort: sync.port2 };
    // The young generation kept small as the server's own (--max-semi-space-size=4 on PGlite, scripts/server-flags.mjs, which a
    // worker's heap does not take): a worker's default adds ≈ 20 MB to the idle process.
    const resourceLimits = { maxYoungGenerationSizeMb: 12 };
    const options = { workerData, transferList: [async.port2, sync.port2], name: 'duka-pglite', resourceLimits };
    if (fromSource) {
      // tsx's loader registered in the new thread, then the worker's module (Node 20 does not pass --import to workers).
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
      const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file.href)}); })`;
      this.worker = new Worker(boot, { ...options, eval: true });
    } else this.worker = new Worker(file, options);
    let settle!: { resolve: () => void; reject: (e: Error) => void };
    this.waitReady = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    this.asyncPort.on('message', (msg: Answer | Event) => {
      if ('event' in msg) {
        if (msg.event === 'mark') opts.mark?.(msg.moment);
        else if (msg.event === 'ready') settle.resolve();
        else this.fail(unpackError(msg.error), settle.reject);
        return;
      }
      this.deliver(msg.notes);
      const call = this.pending.get(msg.id!);
      if (!call) return;
      this.pending.delete(msg.id!);
      if (msg.ok) call.resolve(msg.result);
      else call.reject(unpackError(msg.error as WireError));
    });
    this.worker.on('error', (err) => this.fail(err, settle.reject));
    this.worker.on('exit', (code) => this.fail(new Error(`the database thread stopped (exit code ${code})`), settle.reject));
  }

  private fail(err: Error, rejectReady: (e: Error) => void): void {
    this.failure ??= err;
    rejectReady(err);
    for (const call of this.pending.values()) call.reject(err);
    this.pending.clear();
    this.asyncPort.close();
  }

  private deliver(notes: Note[] | undefined): void {
    if (!notes) return;
    for (const [channel, payload] of notes) for (const listener of this.listeners.get(channel) ?? []) listener(payload);
  }

  private call<T>(msg: AsyncRequest & { id?: number }): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.asyncPort.postMessage({ ...msg, id });
    });
  }

  /** Sends one request of a transaction and waits (this thread blocked) for its answer. */
  private callSync(msg: SyncRequest): unknown {
    if (this.failure) throw this.failure;
    const before = Atomics.load(this.signal, RES);
    this.syncPort.postMessage(msg);
    Atomics.add(this.signal, REQ, 1);
    Atomics.notify(this.signal, REQ);
    // An idle database thread waits in its event loop, not on the signal: wake it.
    if (msg.op === 'begin') this.asyncPort.postMessage({ op: 'wake' } satisfies AsyncRequest);
    const began = Date.now();
    while (Atomics.load(this.signal, RES) === before) {
      if (Atomics.load(this.signal, GONE)) throw (this.failure ??= new Error('the database is closed'));
      Atomics.wait(this.signal, RES, before, 1000);
      if (Date.now() - began > SYNC_TIMEOUT_MS) throw new Error('the database thread did not answer');
    }
    const answer = receiveMessageOnPort(this.syncPort)?.message as Answer | undefined;
    if (!answer) throw new Error('the database thread answered nothing');
    this.deliver(answer.notes);
    if (!answer.ok) throw unpackError(answer.error as WireError);
    return answer.result;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call<Results<T>>({ op: 'query', text, params, options: toWire(options) } as AsyncRequest);
  }

  exec(text: string): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', text } as AsyncRequest);
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel } as AsyncRequest);
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (!set.size && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel } as AsyncRequest);
      }
    };
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const run = this.turn.then(() => this.runTransaction(callback));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async runTransaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    this.callSync({ op: 'begin' });
    let closed = false;
    const sync = <R>(msg: SyncRequest): Promise<R> => {
      if (closed) return Promise.reject(new Error('Transaction is closed'));
      try {
        return Promise.resolve(this.callSync(msg) as R);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    };
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => sync<Results<R>>({ op: 'query', text, params, options: toWire(options) }),
      exec: (text: string) => sync<Results[]>({ op: 'exec', text }),
      rollback: async () => {
        throw new Error('rollback() is not supported on the database thread: throw from the transaction instead');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      this.callSync({ op: 'end', commit: false });
      throw err;
    }
    closed = true;
    this.callSync({ op: 'end', commit: true });
    return result;
  }

  /** The connection's counters, as the database thread last published them (pglite-queue.ts). */
  queueStats(): QueueStats {
    const stats = Object.fromEntries(STAT_KEYS.map((k, i) => [k, this.stats[i]])) as unknown as QueueStats;
    // Calls sent and not yet answered (the database thread queues them itself, before PGlite's own turn).
    return { ...stats, waiting: this.pending.size };
  }

  async close(): Promise<void> {
    if (!this.failure) {
      const closing = this.call({ op: 'close' } as AsyncRequest);
      // Calls after this one fail at once (as a closed PGlite's do), instead of waiting for a thread that has stopped.
      this.failure = new Error('the database is closed');
      await closing.catch(() => undefined);
    }
    await this.worker.terminate();
  }
}
