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

/**
 * How long each kind of toast stays (SPEC §9 default, SPEC §8 failure toasts), in milliseconds. The web's
 * toasts take one of these names; nothing else sets a duration.
 */
export const TOAST_MS = {
  /** SPEC §9: every toast unless SPEC §8 says otherwise. */
  default: TIMINGS.toastDefault,
  /** SPEC §8: registration failure. */
  registrationFailure: 5_000,
  /** SPEC §8: reset or delete failure (and their success). */
  resetOrDelete: 3_500,
  /** SPEC §8: transaction or portal failure ('Please login to continue'). */
  transactionOrPortal: 4_000,
  /** SPEC §8: payment confirmation failure (the provider's message). */
  paymentConfirmation: 10_000,
  /** A failed save or send the owner should read before it goes (Duka's own, not in SPEC). */
  actionFailed: 4_000,
  /** "Sent to {email}" confirmations (Duka's own, not in SPEC). */
  sent: 3_000,
  /** An invoice the server renumbered ("INV-0004 is now INV-0005", Duka's own): long enough to read both numbers. */
  renumbered: 8_000,
} as const;
export type ToastKind = keyof typeof TOAST_MS;
