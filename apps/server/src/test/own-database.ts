import pg from 'pg';

/**
 * On PostgreSQL, every test file gets a database of its own: a copy of the one global-setup migrated
 * (CREATE DATABASE … TEMPLATE), so files running at the same time never see each other's rows — the jobs of one
 * file's server processes (reminders, recurring, eTIMS sweeps of every account) stay out of another's counts.
 */
const template = process.env.DUKA_TEST_PG_TEMPLATE;
if (template) {
  const url = new URL(template);
  const name = `${url.pathname.slice(1)}_f${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new URL(template);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${url.pathname.slice(1)}"`);
        break;
      } catch (err) {
        // Another file copying the template at the same moment: try again shortly.
        if (attempt > 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
}
