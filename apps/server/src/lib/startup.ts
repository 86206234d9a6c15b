import { performance } from 'node:perf_hooks';

/**
 * What start-up spends (issue 27): named moments, in ms since the process began (performance.now()), logged once
 * when the server listens (main.ts) and read by bench/startup.bench.mjs.
 */
const marks: Record<string, number> = {};

export function startupMark(name: string): void {
  marks[name] = Math.round(performance.now());
}

/** Every moment marked so far, with Node's own bootstrap end first. */
export function startupTimes(): Record<string, number> {
  return { node_bootstrap: Math.round(performance.nodeTiming.bootstrapComplete), ...marks };
}
