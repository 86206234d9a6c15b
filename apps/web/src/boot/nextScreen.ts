/** The client list's addresses (the home screen after Log in): /, /tabs, /tabs/home. */
export function isHomePath(pathname: string): boolean {
  return /^\/(tabs(\/home)?)?\/?$/.test(pathname);
}

/**
 * Asks for the files the build lists in a script tag's data-next (the client list's: build/loginEntry.ts) and, with
 * 'app', data-app (the app's own code, which index.html's entry asks for late: boot/appGate.ts), side by side, before
 * the app would reach them one after another (issue 30). Answers what was asked for.
 */
export function preloadListedFiles(doc: Document = document, lists: readonly ('next' | 'app')[] = ['next']): string[] {
  const script = doc.querySelector<HTMLScriptElement>('script[data-next]');
  const next = [...new Set(lists.flatMap((list) => script?.dataset[list]?.split(' ').filter(Boolean) ?? []))];
  for (const href of next) {
    const link = doc.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (href.endsWith('.css')) link.setAttribute('as', 'style');
    link.href = href;
    link.crossOrigin = '';
    doc.head.append(link);
  }
  return next;
}
