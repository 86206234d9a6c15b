/**
 * The customer's pages (the invoice link, the thank-you page): written once here and re-exported by paths.ts. Apart,
 * so the pay page (its own entry, issue 25: 120 KB gz) loads these few bytes, not the app's whole page table.
 */
export const PUBLIC_PAGES = { home: '/', thankYou: '/thank-you' } as const;

export const PUBLIC_PATTERNS = { invoiceLink: '/invoice/link/:id', testCheckout: '/test-checkout/:reference' } as const;

/** A pattern with each `:name` replaced by its value, encoded. */
export function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** `path?a=1&b=2`, leaving out the parameters that are undefined (none: the bare path). */
export function withQuery(path: string, query: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) q.set(key, String(value));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const publicPagePaths = {
  /** The customer's page of an invoice (its public link). */
  invoiceLink: (publicId: string) => fill(PUBLIC_PATTERNS.invoiceLink, { id: publicId }),
  thankYou: (query: { invoice: string; lang?: string }) => withQuery(PUBLIC_PAGES.thankYou, query),
} as const;
