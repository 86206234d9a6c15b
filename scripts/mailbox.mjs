// `npm run mailbox [-- --to someone@example.com] [--limit 20]`: prints the mail outbox (messages kept, not
// sent, when SMTP_URL is unset), newest first, for the operator of this machine.
// - DATABASE_URL=postgres://…: read from PostgreSQL directly.
// - the embedded database (DATA_DIR, default ./data): while the server runs it holds the database, so ask it
//   through its Unix socket DATA_DIR/run/mailbox.sock (only this OS user can open it); when no server runs,
//   open the database files directly (taking the DATA_DIR lock meanwhile so no server starts on them).
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    limit: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('npm run mailbox [-- --to someone@example.com] [--limit 20] [--json]\nReads DATABASE_URL, or DATA_DIR (default ./data), like the server.');
  process.exit(0);
}
const limit = Math.min(200, Math.max(1, Number.parseInt(values.limit, 10) || 20));
const to = values.to?.trim() || undefined;
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || undefined;

const QUERY = `select "to", subject, text, created_at from mail_outbox ${to ? 'where lower("to") = $2' : ''} order by created_at desc, id desc limit $1`;
const params = to ? [limit, to.toLowerCase()] : [limit];
const toMessage = (r) => ({ to: r.to, subject: r.subject, text: r.text, created_at: new Date(r.created_at).toISOString() });

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

async function fromPostgres() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(QUERY, params)).rows.map(toMessage);
  } finally {
    await client.end();
  }
}

function fromServer(socketPath, pid) {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let out = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('the server did not answer')));
    socket.on('connect', () => socket.write(`${JSON.stringify({ to, limit })}\n`));
    socket.on('data', (c) => (out += c.toString('utf8')));
    socket.on('end', () => {
      try {
        const answer = JSON.parse(out);
        if (answer.error) reject(new Error(answer.error));
        else resolve(answer.messages);
      } catch {
        reject(new Error('the server gave an answer that could not be read'));
      }
    });
    socket.on('error', (err) =>
      reject(
        new Error(
          `The Duka server (pid ${pid}) holds ${dataDir} and its mailbox socket could not be reached (${err.message}). ` +
            'Run this as the user that runs the server, or stop the server and run `npm run mailbox` again.',
        ),
      ),
    );
  });
}

async function fromFiles() {
  const pgDir = path.join(dataDir, 'pg');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) fail(`No Duka database in ${dataDir} (set DATA_DIR to the server's folder, or DATABASE_URL).`);
  const lock = path.join(dataDir, 'server.lock');
  const fd = openSync(lock, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // As the server opens it (its search indexes use pg_trgm).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = new PGlite(pgDir, { extensions: { pg_trgm } });
    try {
      return (await db.query(QUERY, params)).rows.map(toMessage);
    } finally {
      await db.close();
    }
  } finally {
    unlinkSync(lock);
  }
}

async function read() {
  if (databaseUrl) return fromPostgres();
  const lock = path.join(dataDir, 'server.lock');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && alive(pid)) {
      const socketPath = path.join(dataDir, 'run', 'mailbox.sock');
      if (!existsSync(socketPath)) {
        fail(
          `The Duka server (pid ${pid}) holds ${dataDir} and offers no mailbox socket (an older build or Windows). Stop the server, then run \`npm run mailbox\` again.`,
        );
      }
      return fromServer(socketPath, pid);
    }
    unlinkSync(lock); // left by a server that is gone
  }
  return fromFiles();
}

try {
  const messages = await read();
  if (values.json) console.log(JSON.stringify({ messages }, null, 2));
  else if (!messages.length) console.log(to ? `No messages to ${to} in the outbox.` : 'The outbox is empty.');
  else {
    for (const m of [...messages].reverse()) {
      console.log(`──────── ${m.created_at}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`);
    }
    console.log(`${messages.length} message(s), newest last. Without SMTP_URL none of them was delivered.`);
  }
} catch (err) {
  fail(err.message);
}
