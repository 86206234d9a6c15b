import { TOAST_MS } from '@duka/core';
import { preloadListedFiles } from '../../../boot/nextScreen';
import { ApiError } from '../../../data/api';
import { setSession } from '../../../data/session';
import { askAhead } from '../../../data/sync/ahead';
import { startingLanguage } from '../../../i18n/starting';
import { UI_STRINGS } from '../../../ui/strings';
import { login, requestLoginLink } from '../api';
import { type LoginErrors, validateLogin } from '../loginValidation';
import { accountsStrings } from '../strings';
import { clearQuickLogin, type QuickThrottle, setQuickLogin, setQuickThrottle } from './handoff';

/**
 * The login screen drawn in /login's HTML, usable before the app's JavaScript is there (issue 30: on a weak link the
 * app takes 4 s to arrive; this script is a few KB). Built into a bundle of its own (build/loginEntry.ts), with no
 * React, Mantine or i18next: the fields take typing, Log in checks that both are given and sends the same request as
 * the app's LoginPage, and a refusal is said in SPEC §8's words (a toast, as the app says it). The session is kept as the app keeps it and the
 * first clients are asked for at once; the app's LoginPage takes the outcome over when it starts (quick/handoff.ts).
 * Only in English, the language the screen is drawn in: a device opening in French or Swahili waits for the app.
 */
const ERROR_ATTR = 'data-quick-error';

function fieldError(input: HTMLInputElement, message: string | null): void {
  const id = `${input.id}-quick-error`;
  document.getElementById(id)?.remove();
  input.toggleAttribute('aria-invalid', !!message);
  input.toggleAttribute('data-error', !!message);
  if (!message) {
    input.removeAttribute('aria-describedby');
    return;
  }
  const p = document.createElement('p');
  p.id = id;
  p.setAttribute(ERROR_ATTR, '');
  p.textContent = message;
  Object.assign(p.style, { color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)', margin: '0.3rem 0 0' });
  input.setAttribute('aria-describedby', id);
  (input.closest('.mantine-InputWrapper-root') ?? input.parentElement!).append(p);
}

/**
 * A failure toast (SPEC §8), drawn from the app's own toast (a <template data-quick-toast> in login.html, made at
 * build from Mantine's Notification; its CSS is in the page) where the app's toasts show, for as long as theirs.
 */
function showToast(message: string): void {
  document.querySelector('[data-quick-toasts]')?.remove();
  const box = document.createElement('div');
  box.setAttribute('data-quick-toasts', '');
  Object.assign(box.style, {
    position: 'fixed',
    top: 'var(--mantine-spacing-md)',
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'calc(100% - 2 * var(--mantine-spacing-md))',
    maxWidth: '440px',
    zIndex: 'var(--mantine-z-index-max)',
  });
  const template = document.querySelector<HTMLTemplateElement>('template[data-quick-toast]');
  if (template) {
    box.append(template.content.cloneNode(true));
    const text = box.querySelector('.mantine-Notification-description');
    if (text) text.textContent = message;
  } else {
    box.textContent = message;
  }
  if (!box.querySelector('[role="alert"]')) box.setAttribute('role', 'alert');
  document.body.append(box);
  setTimeout(() => box.remove(), TOAST_MS.default);
}

/** What a refused or failed Log in says: SPEC §8's sentence, or that the network failed. */
function failure(err: unknown): string {
  if (err instanceof ApiError && err.status === 0) return err.timedOut ? UI_STRINGS.errors.timeout : UI_STRINGS.errors.offline;
  return accountsStrings.login.failed;
}

/**
 * Refused for too many failed attempts (429): the offer of a login link sent by e-mail (issue 22 item 5), above the
 * form as LoginPage shows it (from the build's <template data-quick-throttled>). It works here; the app's LoginPage
 * takes it over as it stands (offered, being sent, or sent) through the handoff.
 */
function offerLoginLink(form: HTMLFormElement, identifier: HTMLInputElement): void {
  if (form.parentElement?.querySelector('[data-quick-throttled]')) return;
  const template = document.querySelector<HTMLTemplateElement>('template[data-quick-throttled]');
  const alert = template?.content.querySelector<HTMLElement>('[data-quick-throttled]')?.cloneNode(true) as HTMLElement | undefined;
  const button = alert?.querySelector<HTMLButtonElement>('button');
  if (!alert || !button) return;
  const state: QuickThrottle = { sent: false, sending: null };
  setQuickThrottle(state);
  form.before(alert);
  button.addEventListener('click', () => {
    if (state.sending || state.sent) return;
    if (!identifier.value.trim()) {
      fieldError(identifier, accountsStrings.validation.required);
      return;
    }
    fieldError(identifier, null);
    button.disabled = true;
    button.toggleAttribute('data-disabled', true);
    button.setAttribute('aria-busy', 'true');
    state.sending = requestLoginLink(identifier.value).then(
      () => {
        state.sent = true;
        state.sending = null;
        const message = alert.querySelector('.mantine-Alert-message') ?? alert;
        message.textContent = accountsStrings.login.linkSent;
        return true;
      },
      (err: unknown) => {
        state.sending = null;
        button.disabled = false;
        button.removeAttribute('data-disabled');
        button.setAttribute('aria-busy', 'false');
        showToast(failure(err));
        return false;
      },
    );
  });
}

export function startQuickLogin(root: ParentNode = document): boolean {
  if (startingLanguage() !== 'en') return false;
  const first = root.querySelector<HTMLElement>('[data-first-paint]');
  const form = first?.querySelector('form');
  const identifier = form?.querySelector<HTMLInputElement>('input[name="identifier"]');
  const password = form?.querySelector<HTMLInputElement>('input[name="password"]');
  const submit = form?.querySelector<HTMLButtonElement>('button.mantine-Button-root');
  if (!first || !form || !identifier || !password || !submit) return false;
  first.removeAttribute('inert');
  identifier.readOnly = false;
  password.readOnly = false;
  submit.type = 'submit';
  const toggle = form.querySelector<HTMLButtonElement>('button.mantine-PasswordInput-visibilityToggle');
  toggle?.addEventListener('click', () => {
    const shown = password.type === 'password';
    password.type = shown ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(shown));
  });
  let pending = false;
  let nextAsked = false;
  const busy = (on: boolean) => {
    pending = on;
    submit.disabled = on;
    submit.toggleAttribute('data-disabled', on);
    submit.setAttribute('aria-busy', String(on));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (pending) return;
    const values = { identifier: identifier.value, password: password.value };
    const errors: LoginErrors = validateLogin(values);
    fieldError(identifier, errors.identifier ? accountsStrings.validation.required : null);
    fieldError(password, errors.password ? accountsStrings.validation.required : null);
    if (errors.identifier || errors.password) return;
    busy(true);
    // The next screen's files (listed by the build in the script tag's data-next) load while the password is checked.
    if (!nextAsked) preloadListedFiles();
    nextAsked = true;
    setQuickLogin(
      login(values.identifier, values.password).then(
        ({ user, jwt }) => {
          setSession(jwt, user);
          askAhead('contacts');
          return { user };
        },
        (err: unknown) => {
          // Said here and over: nothing for the app to take over (but a login-link offer, which it shows too).
          clearQuickLogin();
          busy(false);
          if (err instanceof ApiError && err.status === 429) offerLoginLink(form, identifier);
          else showToast(failure(err));
          return null;
        },
      ),
    );
  });
  // Ready: what the weak-link bench waits for (bench/weak-link.bench.mjs), and a hook for the e2e spec.
  form.setAttribute('data-quick', 'ready');
  return true;
}

startQuickLogin();
