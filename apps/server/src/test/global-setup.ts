import { connect } from '../db/connect';

/** On PostgreSQL, migrate once before the files run in parallel (they then find nothing to do). */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await connect({ databaseUrl: url, dataDir: '/tmp' });
  await database.close();
}
