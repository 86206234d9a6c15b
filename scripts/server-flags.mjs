// The Node flags of the built server, for every launcher (npm start, npm run worker, the benches): one list.
// --max-semi-space-size=4: V8's young generation keeps at most 2 × 4 MB instead of 2 × 16 MB. An idle shop server
// touched all of it (≈22 MB of its ≈230 MB resident, measured with bench/startup.bench.mjs, issue 27); the cost is
// more frequent, shorter minor collections.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
