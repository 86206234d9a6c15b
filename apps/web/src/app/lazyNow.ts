import { type ComponentType, createElement, lazy, type LazyExoticComponent, useState } from 'react';

export type LazyNow<T extends ComponentType> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * React.lazy that renders at once, with no Suspense fallback, once its code is in: loaded ahead with `preload()` or
 * by an earlier render. A lazy component always suspends at its first render, and React then holds the page back
 * until 300 ms after its fallback showed (its throttle of Suspense reveals): on a repeat open that was a third of the
 * client list's second (issue 30).
 */
export function lazyNow<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyNow<T> {
  let loaded: T | null = null;
  let pending: Promise<unknown> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as T })));
  function Now(props: object) {
    // Chosen once per mounted instance: switching from Lazy to the loaded component on a later render would change
    // the element's type and remount the whole subtree (the frame and the page under it, with what was typed).
    const [type] = useState(() => (loaded ?? Lazy) as ComponentType<object>);
    return createElement(type, props);
  }
  return Object.assign(Now as unknown as LazyExoticComponent<T>, { preload });
}
