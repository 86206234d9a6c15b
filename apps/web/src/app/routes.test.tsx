import { upgradePath } from '@duka/core';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, PAGES, pagePaths } from '../paths';
import { AI_PAGE_SLUGS, routes } from './routes';

/** The route pattern the router picks for a path ('*' when no page of the table matches). */
function patternOf(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches[matches.length - 1];
  return leaf?.route.index ? 'index' : leaf?.route.path;
}

describe('the router table takes its patterns from paths.ts (issue 24)', () => {
  it('opens a page of its own for every page of paths.ts', () => {
    const unrouted = Object.entries(PAGES).filter(([, path]) => patternOf(path) === '*');
    expect(unrouted).toEqual([]);
    expect(patternOf('/no-such-page')).toBe('*');
  });

  it("core's Upgrade rule names pages of paths.ts", () => {
    expect(upgradePath('NG')).toBe(PAGES.subscribe);
    expect(upgradePath('KE')).toBe(PAGES.portal);
  });

  it('opens the page of one record at the path pagePaths builds', () => {
    expect(patternOf(pagePaths.invoice('5b2d'))).toBe(PAGE_PATTERNS.invoice);
    expect(patternOf(pagePaths.creditNote('5b2d'))).toBe(PAGE_PATTERNS.creditNote);
    expect(patternOf(pagePaths.contact('amina-k'))).toBe(PAGE_PATTERNS.contact);
    expect(patternOf(pagePaths.invoiceLink('AB12CD'))).toBe(PAGE_PATTERNS.invoiceLink);
    expect(patternOf(pagePaths.testCheckout('ref_1'))).toBe(PAGE_PATTERNS.testCheckout);
    for (const slug of AI_PAGE_SLUGS) expect(patternOf(pagePaths.aiType(slug))).toBe(pagePaths.aiType(slug));
  });

  it('keeps the SPEC §2 paths', () => {
    expect(patternOf('/tabs')).toBe(PAGES.tabs);
    expect(patternOf('/')).toBe('index');
    expect(patternOf('/welcome')).toBe(PAGES.welcome);
    expect(patternOf('/invoices/drafts')).toBe(PAGES.drafts);
    expect(patternOf('/report/vat')).toBe(PAGES.vatReturn);
    expect(patternOf('/invoice/link/AB12CD')).toBe(PAGE_PATTERNS.invoiceLink);
  });
});
