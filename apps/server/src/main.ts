import { loadConfig } from './config';
import { buildApp } from './app';
import { acquireDataDirLock } from './lib/lock';

const config = loadConfig();
if (!config.databaseUrl) acquireDataDirLock(config.dataDir);
const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
