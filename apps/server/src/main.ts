import v8 from 'node:v8';
import { configWarnings, loadConfig } from './config';
import { buildApp } from './app';
import { acquireDataDirLock } from './lib/lock';
import { startupMark, startupTimes } from './lib/startup';

startupMark('modules_loaded');

// `npm run worker` (issue 27): this process runs the background job queue only and serves no requests.
const worker = process.argv.includes('--worker');
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env, worker ? { jobs: true } : {});
  if (worker && !config.databaseUrl) {
    throw new Error('npm run worker needs DATABASE_URL (PostgreSQL): the embedded database serves one process, and `npm start` runs the jobs itself');
  }
} catch (err) {
  console.error(`Duka cannot start: ${(err as Error).message}`);
  process.exit(1);
}
for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
if (!config.databaseUrl) {
  // The embedded database is PostgreSQL compiled to WebAssembly. V8's baseline compiler (Liftoff) alone keeps
  // the idle process at ≈185 MB instead of ≈255 MB and starts it ≈0.3 s sooner, with no loss measured on
  // the sync benches (bench/records, bench/accounts). Set before the module is compiled (on first connect).
  v8.setFlagsFromString('--liftoff-only');
}
if (!config.databaseUrl) acquireDataDirLock(config.dataDir);
const { app } = await buildApp(config).catch((err: unknown) => {
  console.error(`Duka cannot start: ${(err as Error).message}`);
  process.exit(1);
});
if (worker) {
  // Ready starts the job queue (modules/jobs); no port is opened.
  await app.ready();
  app.log.info('worker: running the job queue only (no HTTP)');
} else {
  if (!config.jobs) app.log.info('JOBS=off: this process serves requests only; run the job queue with `npm run worker`');
  await app.listen({ port: config.port, host: config.host });
  startupMark('listening');
  app.log.info({ startup: startupTimes() }, `listening ${Math.round(performance.now())} ms after the process began`);
}
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
