// Apart from the country list (./countries): the app's frame reads it on the way to its first screen (issue 30), where
// the list of every country is not needed.

/** SPEC §2: the upgrade action goes to /plan/subscribe for Nigeria, otherwise /plan/portal. */
export function isNigeria(country: string | undefined | null): boolean {
  const q = (country ?? '').trim().toLowerCase();
  return q === 'nigeria' || q === 'ng';
}

export function upgradePath(country: string | undefined | null): '/plan/subscribe' | '/plan/portal' {
  return isNigeria(country) ? '/plan/subscribe' : '/plan/portal';
}
