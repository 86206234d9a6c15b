// Regenerates the SQL migrations from src/db/schema with drizzle-kit.
// Before the first release the history is squashed into one initial migration (nothing is deployed yet),
// so parallel work on different modules never produces clashing migration numbers.
// Serialised with a lock directory so two runs never interleave.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  rmSync(path.join(serverDir, 'drizzle'), { recursive: true, force: true });
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'init'], { cwd: serverDir, stdio: 'inherit' });
  // What drizzle-kit cannot express (triggers, data steps) is kept in src/db/migrations-extra and appended.
  const extra = path.join(serverDir, 'src', 'db', 'migrations-extra');
  const files = readdirSync(extra).filter((f) => f.endsWith('.sql'));
  for (const file of files.sort())
    appendFileSync(path.join(serverDir, 'drizzle', '0000_init.sql'), `--> statement-breakpoint\n${readFileSync(path.join(extra, file), 'utf8')}`);
} finally {
  rmSync(lock, { recursive: true, force: true });
}
