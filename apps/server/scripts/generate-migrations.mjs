// Adds the next numbered SQL migration (drizzle/NNNN_<name>.sql) for what changed in src/db/schema since the last
// one, with drizzle-kit's own generator: `npm run db:generate -- --name add_client_tax_pin`.
// A migration drizzle-kit cannot express (a trigger, a data step) is written by hand in an empty numbered file:
// `npm run db:generate -- --custom --name invoice_trigger`.
//
// drizzle/0000_init.sql is the frozen baseline (the schema as it stood when the squashing stopped, with the triggers
// that used to be appended from src/db/migrations-extra). Never regenerate or edit it, nor any migration already
// merged: a database that ran it would not run it again (the start-up migrator skips what it has run), so an
// existing database would miss the change; add a new migration instead. src/db/migrations.test.ts checks both.
// Serialised with a lock directory so two runs never interleave.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(serverDir, '.migrations.lock');
for (let i = 0; ; i++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (i > 600) throw new Error(`${lock} is held; remove it if no generation is running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
try {
  execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: serverDir, stdio: 'inherit' });
} finally {
  rmSync(lock, { recursive: true, force: true });
}
