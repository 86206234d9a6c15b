// `npm run worker`: runs the background job queue alone (recurring invoices, reminders, payment clean-up),
// serving no requests, next to API processes started with JOBS=off on the same PostgreSQL (DATABASE_URL).
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverStale, webStale } from './build-check.mjs';
import { serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The build check runs here; a build (another Node) only when a part is missing or stale (issue 27: start-up).
if (webStale() || serverStale()) {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit', cwd: root });
}
const child = spawn(process.execPath, [...serverNodeFlags(process.env), path.join(root, 'apps', 'server', 'dist', 'main.js'), '--worker'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
