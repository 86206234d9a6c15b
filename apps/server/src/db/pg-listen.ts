import type pg from 'pg';

/** What a listener is told: each notification's payload, and whether it is listening now (false: it may miss some). */
export interface ListenHandlers {
  notify(payload: string): void;
  live(listening: boolean): void;
}

const RECONNECT_MS = 2_000;

/**
 * LISTEN on `channel` over its own connection to PostgreSQL (a pooled connection would be given to queries; LISTEN
 * belongs to one session). When the connection is lost it says so (`live(false)`: notifications sent meanwhile are
 * lost) and connects again every RECONNECT_MS until it listens again (`live(true)`). Answers stop().
 */
export async function listenOn(pgModule: typeof pg, url: string, channel: string, on: ListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    on.live(false);
    c.end().catch(() => undefined);
    if (!stopped) timer = setTimeout(() => void start(), RECONNECT_MS);
  };
  const start = async () => {
    const c = new pgModule.Client({ connectionString: url });
    client = c;
    c.on('notification', (m) => {
      if (m.channel === channel) on.notify(m.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !stopped) on.live(true);
    } catch {
      lost(c);
    }
  };
  await start();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    if (c) await c.end().catch(() => undefined);
  };
}
