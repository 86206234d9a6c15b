/**
 * What the user typed on an AI page, kept for this browser tab (sessionStorage) so that leaving the page,
 * a reload or a failed generation never loses it. Log out clears it with the rest of the session.
 */
const key = (type: string) => `duka:ai-draft:${type}`;

export function loadDraft(type: string): Record<string, string> | null {
  try {
    const raw = sessionStorage.getItem(key(type));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return null;
  }
}

export function saveDraft(type: string, values: Record<string, string>): void {
  try {
    sessionStorage.setItem(key(type), JSON.stringify(values));
  } catch {
    // storage full or disabled: the form still works, only the draft is not kept
  }
}
