/**
 * Set after a session ended with changes kept on the device: the login screen says how many. Its own module so the
 * login screen does not load log out's code (React Query's client among it) to read it (issue 30).
 */
export const KEPT_CHANGES_KEY = 'duka:kept-changes';

/** Set after a session ended with half-typed forms kept on the device (t20 E1): the login screen says so. */
export const KEPT_DRAFTS_KEY = 'duka:kept-drafts';
