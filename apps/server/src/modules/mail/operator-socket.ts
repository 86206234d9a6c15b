import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import { latestMail } from './service';

/**
 * The embedded database (PGlite) opens in one process at a time, so while the server runs `npm run mailbox`
 * asks the server instead, through a Unix socket in DATA_DIR/run (a folder only the server's OS user can
 * enter: the same people who could read DATA_DIR itself). Nothing of it is reachable over the network.
 */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'mailbox.sock');
}

export async function startOperatorSocket(db: Db, dataDir: string, log: FastifyBaseLogger): Promise<Server | undefined> {
  if (process.platform === 'win32') return undefined;
  const file = operatorSocketPath(dataDir);
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    chmodSync(path.dirname(file), 0o700);
    // This process holds the DATA_DIR lock, so a socket left here is from a server that is gone.
    rmSync(file, { force: true });
  } catch (err) {
    log.warn({ err }, 'the mailbox socket for `npm run mailbox` could not be made');
    return undefined;
  }
  const server = createServer((socket) => {
    let input = '';
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      input += chunk.toString('utf8');
      if (input.length > 2_000) return socket.destroy();
      const end = input.indexOf('\n');
      if (end < 0) return;
      let query: { to?: unknown; limit?: unknown } = {};
      try {
        query = JSON.parse(input.slice(0, end)) as typeof query;
      } catch {
        // an empty query: the latest messages
      }
      const to = typeof query.to === 'string' && query.to.trim() ? query.to.slice(0, 254) : undefined;
      const limit = Number.isInteger(query.limit) && (query.limit as number) > 0 ? Math.min(200, query.limit as number) : 20;
      latestMail(db, { to, limit }).then(
        (messages) => socket.end(`${JSON.stringify({ messages })}\n`),
        () => socket.end(`${JSON.stringify({ error: 'The outbox could not be read' })}\n`),
      );
    });
  });
  return new Promise((resolve) => {
    server.once('error', (err) => {
      log.warn({ err }, 'the mailbox socket for `npm run mailbox` could not be opened');
      resolve(undefined);
    });
    server.listen(file, () => {
      chmodSync(file, 0o600);
      server.unref();
      resolve(server);
    });
  });
}
