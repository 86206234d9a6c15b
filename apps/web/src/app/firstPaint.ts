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
