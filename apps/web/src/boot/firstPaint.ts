/** The longest the drawn screen waits for a press on it to be released once the app is ready. */
export const PRESS_WAIT_MS = 1000;

/**
 * A screen drawn in the HTML (data-first-paint: the login screen made at build, the invoice's amount due drawn by the
 * server) shows before the JavaScript arrives. React would wipe it at its first render, which is a spinner while
 * the page's chunk or data loads; so the drawing moves just before #root and stays until the app has drawn
 * something that is not busy (the page, or an error), then goes in the same frame. It lies over the top of the page
 * (absolute) rather than in the flow: otherwise #root sits below it and jumps a whole screen up when it goes, which
 * browsers count as a layout shift of 1 (Lighthouse's CLS on /login, issue 16).
 */
export function keepFirstPaintUntilReady(root: HTMLElement): void {
  const first = root.querySelector<HTMLElement>(':scope > [data-first-paint]');
  if (!first) return;
  // On top of the app's page while both are there (the app's positioned elements, later in the document, painted over
  // it: a tap begun on the drawn Log in ended on the app's and clicked neither, seen in CI), and opaque.
  Object.assign(first.style, { position: 'absolute', top: '0', left: '0', right: '0', zIndex: '1', background: 'var(--mantine-color-body)' });
  root.before(first);
  const ready = () => root.childElementCount > 0 && !root.querySelector('[aria-busy="true"]');
  // A press on the drawn screen (a link, Log in) is let finish first: removed between the press and the release, the
  // link's click never happens (seen in CI: "Forgot password?" tapped as the app took over did nothing).
  let pressing = false;
  let waiting = false;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
    carryTyped(first, root);
    first.remove();
  };
  // After the release's click (dispatched right after pointerup).
  const release = () =>
    setTimeout(() => {
      pressing = false;
      if (waiting) finish();
    }, 0);
  first.addEventListener('pointerdown', () => (pressing = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    if (!pressing) return finish();
    waiting = true;
    setTimeout(finish, PRESS_WAIT_MS);
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/**
 * What was typed into the drawn screen after the app drew its own (it stays on top while the app's is busy, e.g. a Log
 * in pressed there still being checked) goes into the app's fields of the same name just before the drawn screen goes,
 * with the focus and the caret: the app's page copied the drawn values at its first commit only. Set as a person's
 * typing is (the input's own value setter, then an input event), so React's onChange takes it.
 */
export function carryTyped(first: HTMLElement, root: HTMLElement): void {
  const active = document.activeElement instanceof HTMLInputElement && first.contains(document.activeElement) ? document.activeElement : null;
  const own = [...root.querySelectorAll<HTMLInputElement>('input[name]')];
  const named = (name: string) => own.find((i) => i.name === name);
  for (const from of first.querySelectorAll<HTMLInputElement>('input[name]')) {
    const to = named(from.name);
    const box = (e: HTMLInputElement) => e.type === 'checkbox' || e.type === 'radio';
    if (!to || box(to) !== box(from)) continue;
    if (box(from)) {
      if (to.checked !== from.checked) to.click();
    } else if (from.value && to.value !== from.value) {
      // An empty drawn field leaves the app's as it is: text there was typed into the app's own field.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(to, from.value);
      to.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  const target = active && named(active.name);
  if (!target || target.disabled) return;
  const selection = [active.selectionStart, active.selectionEnd] as const;
  target.focus({ preventScroll: true });
  if (selection[0] !== null && selection[1] !== null) {
    try {
      target.setSelectionRange(selection[0], selection[1]);
    } catch {
      // Inputs with no caret (checkbox, e-mail in some browsers): the focus is enough.
    }
  }
}

export interface TypedBeforeStart {
  values: Record<string, string>;
  /** The input that had the focus (its name) and where its caret was. */
  focused: string | null;
  selection: [number, number] | null;
}

/**
 * What was typed into the screen drawn in the HTML before the app took it over (issue 30: the login fields are
 * usable as soon as they are drawn, on a weak link seconds before the JavaScript). Read by the page as it takes over.
 */
export function typedInFirstPaint(names: readonly string[]): TypedBeforeStart | null {
  if (typeof document === 'undefined') return null;
  const first = document.querySelector('[data-first-paint]');
  if (!first) return null;
  const values: Record<string, string> = {};
  for (const name of names) {
    const el = first.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (el?.value) values[name] = el.value;
  }
  const active = document.activeElement instanceof HTMLInputElement && first.contains(document.activeElement) ? document.activeElement : null;
  if (!Object.keys(values).length && !active) return null;
  return { values, focused: active?.name || null, selection: active ? [active.selectionStart ?? 0, active.selectionEnd ?? 0] : null };
}
