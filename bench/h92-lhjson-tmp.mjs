import { writeFileSync } from 'node:fs';
import { lighthouseMetrics, lighthouseRun, signedInOwner } from '/work/wt/h92/bench/lib/diag.mjs';
import { startServer } from '/work/wt/h92/bench/lib/server.mjs';
const server = await startServer({ name: 'lhjson', env: process.env.NO_TEST ? { PAYMENTS_TEST_MODE: 'off', PAYSTACK_SECRET_KEY: 'sk_live_h92diagnosticonly' } : {} });
try {
  const { session } = await signedInOwner(server.base);
  const { lhr } = await lighthouseRun(`${server.origin}/tabs/home`, { session });
  console.log(lighthouseMetrics(lhr));
  writeFileSync(process.argv[2], JSON.stringify(lhr));
} finally { server.stop(); }
