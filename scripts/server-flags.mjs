// The Node flags of the built server, for every launcher (npm start, npm run worker, the benches): one rule.
// --max-semi-space-size: the most V8's young generation may hold (2 semi-spaces), chosen by the database:
// - embedded PGlite (no DATABASE_URL, the default shop server): 4 MB. An idle server touched all of a 16 MB one
//   (≈22 MB of its ≈230 MB resident, bench/startup.bench.mjs, issue 27); the cost is more, shorter minor collections.
// - PostgreSQL (DATABASE_URL, the deployment sized for many devices): 16 MB. Under the sync load of
//   bench/sync-load.bench.mjs a push allocates ≈1 MB; with 4 MB the minor collections took ≈5.8 s of ≈24 s of the
//   servers' CPU (400 devices), with 16 MB ≈3.6 s, and the idle process holds 151 MB instead of 115 MB (no PGlite in it).
export const SEMI_SPACE_MB = { embedded: 4, postgres: 16 };

/** The flags for a server started with `env` (its DATABASE_URL decides). */
export function serverNodeFlags(env = process.env) {
  return [`--max-semi-space-size=${env.DATABASE_URL ? SEMI_SPACE_MB.postgres : SEMI_SPACE_MB.embedded}`];
}
