/**
 * Starts the app's code as the build names it in the HTML (build/loginEntry.ts): the entry's script tag carries
 * data-boot (appMain.tsx's file), data-steps (the files it imports) and data-css (its stylesheets, not already drawn
 * into the page). Not a bundler import: that would bring Vite's preload helper, which lives with React (`first`), into
 * the tiny entry (boot/appGate.ts). The stylesheets are applied before the app runs, as the bundler's import would (no
 * screen drawn without its CSS); appMain.tsx's own imports are asked for side by side by the early script (data-app)
 * or the page's module preloads.
 *
 * The files appMain.tsx imports are run first, one at a time in its own order, each in a task of its own: run all at
 * once with the app, React, Mantine, the router and i18next were one task of 60–110 ms on a fast machine (a phone's
 * tap waits for it; Lighthouse counts it 4×, issue 30). Modules run once: the app's own import then finds them run.
 */
export async function bootFromHtml(doc: Document = document): Promise<unknown> {
  const script = doc.querySelector<HTMLScriptElement>('script[data-boot]');
  const boot = script?.dataset.boot;
  if (!boot) throw new Error('index.html names no app code (data-boot)');
  const list = (v: string | undefined) => v?.split(' ').filter(Boolean) ?? [];
  await Promise.all(list(script.dataset.css).map((href) => applyStylesheet(doc, href)));
  for (const step of list(script.dataset.steps)) {
    await import(/* @vite-ignore */ step);
    await nextTask();
  }
  return import(/* @vite-ignore */ boot);
}

/** Resolves in a later task (a message to itself: no 4 ms floor of nested timers, no wait for a frame). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
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
