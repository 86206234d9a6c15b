/** SPEC §9 timings, in milliseconds. */
export const TIMINGS = {
  loadingTimeout: 60_000,
  generationTimeout: 120_000,
  toastDefault: 2_000,
  searchDebounce: 500,
  resultModalDelay: 300,
  logoutDelay: 100,
  bannerExpiry: 1_728_000_000,
  serviceWorkerDelay: 30_000,
  localDataDelay: 300,
} as const;

/** SPEC §1: the default last-updated value of each local collection, an old date in 2020. */
export const DEFAULT_LAST_UPDATED = '2020-01-01T00:00:00.000Z';
