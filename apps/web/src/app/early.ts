import { getToken } from '../data/session';
import { isHomePath, preloadListedFiles } from './nextScreen';

/**
 * The first script of index.html, under a KB of its own (build/loginEntry.ts builds it, outside the app's chunks): on
 * a repeat open of the client list by a signed-in owner, the list's files (the script tag's data-next) are asked for
 * at once, side by side with the app's own, not once the app has started (issue 30: a repeat open ≤ 1 s; the service
 * worker serves them from its cache). Nothing on other pages or signed out.
 */
export function preloadHomeEarly(doc: Document = document): string[] {
  if (!getToken() || !isHomePath(location.pathname)) return [];
  return preloadListedFiles(doc);
}

preloadHomeEarly();
