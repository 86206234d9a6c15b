import { isLanguage, type Language } from '@duka/core';
import { useEffect } from 'react';
import { ApiError } from '../../data/api';
import { getToken } from '../../data/session';
import { getCurrentUser, setCurrentUser, type User } from '../../data/user';
import { activeLanguage } from '../../i18n';
import { switchLanguage } from '../../i18n/device';
import { updateUser } from './api';

/**
 * The account's language (issue 19). Choosing one switches the screens at once (no reload, offline too) and keeps
 * it on the device; the account on the server gets it now, or when the connection is back: the choice waits in
 * PENDING_KEY (for that user, across reloads and logging out) until the server has it. A language changed on
 * another device arrives with the user (/state, login) and is followed when nothing is waiting to be sent.
 */
export const PENDING_KEY = 'duka:language-pending';

interface Pending {
  user: string;
  language: Language;
}

function pending(): Pending | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as Partial<Pending> | null;
    return value && typeof value.user === 'string' && isLanguage(value.language) ? { user: value.user, language: value.language } : undefined;
  } catch {
    return undefined;
  }
}

function clearPending(sent: Pending): void {
  const now = pending();
  if (now && now.user === sent.user && now.language === sent.language) localStorage.removeItem(PENDING_KEY);
}

/** Switches to a language and saves it on the account (now, or once back online). */
export async function chooseLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  const user = getCurrentUser();
  if (!user || !getToken()) return;
  localStorage.setItem(PENDING_KEY, JSON.stringify({ user: user.id, language } satisfies Pending));
  await saveLanguage();
}

let saving: Promise<void> | undefined;
let again = false;

/** Sends a waiting language change to the server; a failed send stays waiting (offline, server down). */
export function saveLanguage(): Promise<void> {
  if (saving) {
    again = true;
    return saving;
  }
  saving = (async () => {
    do {
      again = false;
      await sendOnce();
    } while (again);
  })().finally(() => (saving = undefined));
  return saving;
}

async function sendOnce(): Promise<void> {
  const waiting = pending();
  const user = getCurrentUser();
  if (!waiting || !user || !getToken() || waiting.user !== user.id) return;
  try {
    const updated = await updateUser(user.username, { language: waiting.language });
    clearPending(waiting);
    if (getCurrentUser()?.id === updated.id) setCurrentUser(updated);
  } catch (err) {
    // A refusal (4xx other than the retryable ones) will never succeed: drop it. Anything else is sent again later.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status)) clearPending(waiting);
  }
}

/** What to do with the user the server sent: send our waiting change, or follow a language changed elsewhere. */
/** `language` may be missing on a user stored by an older version of the app. */
export function followAccountLanguage(user: { id: string; language?: User['language'] }): void {
  const waiting = pending();
  if (waiting && waiting.user === user.id) {
    if (waiting.language === user.language) localStorage.removeItem(PENDING_KEY);
    else void saveLanguage();
    return;
  }
  // A change waiting for another account (left by a logout) stays until that account signs in here again.
  if (isLanguage(user.language) && user.language !== activeLanguage()) void switchLanguage(user.language);
}

/** In the signed-in shell: keeps screen and account language together, and sends a waiting change when back online. */
export function useAccountLanguage(user: User | null): void {
  const id = user?.id;
  const language = user?.language;
  useEffect(() => {
    if (id) followAccountLanguage({ id, language });
  }, [id, language]);
  useEffect(() => {
    const online = () => void saveLanguage();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
}
