/**
 * `npm run admin -- grant|revoke <username>`, `list`, `log [count]`: opens the server's database (DATABASE_URL,
 * else the embedded one under DATA_DIR, which only one process may open: stop the server first) and runs the
 * command. Every grant and revoke is written to the admin audit log.
 */
import { userInfo } from 'node:os';
import { runAdminCommand } from './cli/admin';
import { loadConfig } from './config';
import { connect } from './db/connect';
import { acquireDataDirLock } from './lib/lock';

const args = process.argv.slice(2);
let operator = 'operator';
try {
  operator = userInfo().username || operator;
} catch {
  // no user name for this uid (containers): keep 'operator'
}
try {
  const config = loadConfig();
  if (!config.databaseUrl) acquireDataDirLock(config.dataDir);
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await runAdminCommand(database.db, args, `cli:${operator}`);
    (result.code === 0 ? console.log : console.error)(result.output);
    process.exitCode = result.code;
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`duka admin: ${(err as Error).message}`);
  process.exitCode = 1;
}
