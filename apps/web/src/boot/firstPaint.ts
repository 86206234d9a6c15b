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
  Object.assign(first.style, { position: 'absolute', top: '0', left: '0', right: '0' });
  root.before(first);
  const ready = () => root.childElementCount > 0 && !root.querySelector('[aria-busy="true"]');
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    first.remove();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
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
