import './first-screen.css';

let full: Promise<unknown> | null = null;

/** Loads the rest of Mantine's CSS once; pages beyond the first screen wait for it before they show. */
export function loadFullStyles(): Promise<unknown> {
  full ??= import('./full').catch((err: unknown) => {
    full = null;
    throw err;
  });
  return full;
}

/** After the first screen has painted, when the browser is idle: fetch the rest of the CSS in the background. */
export function loadFullStylesWhenIdle(): void {
  const start = () => void loadFullStyles().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}
