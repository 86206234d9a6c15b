/** After login: / by default, /plan/subscribe when the login flag (a device, mail or subscribe query parameter) asks (SPEC §2, §4). */
export function afterLoginPath(search: string): string {
  const q = new URLSearchParams(search);
  return q.has('device') || q.has('mail') || q.has('subscribe') ? '/plan/subscribe' : '/';
}

/** After registration (SPEC §2, §4): with a returned token and an intent (a plan code) → /transactions to pay, otherwise /welcome/. */
export function afterRegisterPath(token: string | undefined, search: string): string {
  const intent = new URLSearchParams(search).get('intent');
  if (token && intent) return `/transactions?${new URLSearchParams({ token, intent }).toString()}`;
  return '/welcome/';
}
