// The reference for bench/sync-load.bench.mjs: a bare Fastify + pg server doing the least a sync server must
// (issue 27): POST /push inserts a device's rows with one multi-row INSERT (per-user versions from one
// sequence), GET /pull answers rows after a version. No auth, no validation, no history. PORT, DATABASE_URL.
// Its table is made once by the bench before the processes start (sync-load.bench.mjs).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
app.post('/push', async (request) => {
  const { user, rows } = request.body;
  const res = await pool.query(
    `insert into ref_records (id, user_id, collection, data)
     select (r->>'id')::uuid, $1, r->>'collection', r->'data' from jsonb_array_elements($2::jsonb) r
     on conflict (id) do update set data = excluded.data, version = nextval('ref_version'), updated_at = now()
     returning id, version`,
    [user, JSON.stringify(rows)],
  );
  return { results: res.rows };
});
app.get('/pull', async (request) => {
  const { user, since = '0', limit = '500' } = request.query;
  const res = await pool.query('select id, collection, data, version from ref_records where user_id = $1 and version > $2 order by version limit $3', [
    user,
    Number(since),
    Number(limit),
  ]);
  return { records: res.rows, version: res.rows.length ? Number(res.rows[res.rows.length - 1].version) : Number(since) };
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
