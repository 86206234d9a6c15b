/**
 * Starts the app's code as the build names it in the HTML (build/loginEntry.ts): the entry's script tag carries
 * data-boot (appMain.tsx's file) and data-css (its stylesheets, not already drawn into the page). Not a bundler import:
 * that would bring Vite's preload helper, which lives with React (`first`), into the tiny entry (boot/appGate.ts).
 * The stylesheets are applied before the app runs, as the bundler's import would (no screen drawn without its CSS);
 * appMain.tsx's own imports are asked for side by side by the early script (data-app) or the page's module preloads.
 */
export function bootFromHtml(doc: Document = document): Promise<unknown> {
  const script = doc.querySelector<HTMLScriptElement>('script[data-boot]');
  const boot = script?.dataset.boot;
  if (!boot) return Promise.reject(new Error('index.html names no app code (data-boot)'));
  const css = script.dataset.css?.split(' ').filter(Boolean) ?? [];
  return Promise.all(css.map((href) => applyStylesheet(doc, href))).then(() => import(/* @vite-ignore */ boot));
}

/** Adds `href` as a stylesheet (once) and settles when it is in, or failed (offline: the app still starts). */
function applyStylesheet(doc: Document, href: string): Promise<void> {
  if (doc.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.crossOrigin = '';
  const done = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    link.onerror = () => resolve();
  });
  doc.head.append(link);
  return done;
}
