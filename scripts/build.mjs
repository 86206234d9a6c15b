// Builds the web app (apps/web/dist) and the server bundle (apps/server/dist). `--if-missing` skips fresh parts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { root, serverStale, webStale } from './build-check.mjs';

const ifMissing = process.argv.includes('--if-missing');
const run = (args, cwd) => execFileSync(process.execPath, args, { cwd: path.join(root, cwd), stdio: 'inherit' });
const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

if (!ifMissing || webStale()) {
  console.log('building the web app…');
  run([viteBin, 'build', '--logLevel', 'warn'], 'apps/web');
}
if (!ifMissing || serverStale()) {
  console.log('building the server…');
  run(['build.mjs'], 'apps/server');
}
