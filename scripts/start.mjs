// `npm start`: builds whatever is missing or stale, then serves API + web app on one port.
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
const child = spawn(process.execPath, [...serverNodeFlags(process.env), path.join(root, 'apps', 'server', 'dist', 'main.js')], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
