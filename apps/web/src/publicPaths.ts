/**
 * The customer's pages (the invoice link, the thank-you page): written once here and re-exported by paths.ts. Apart,
 * so the pay page (its own entry, issue 25: 120 KB gz) loads these few bytes, not the app's whole page table.
 */
export const PUBLIC_PAGES = { home: '/', thankYou: '/thank-you' } as const;

/**
 * The app's pages a public page links back to: the plan and credit checkout's thank-you (features/plans/CheckoutWait,
 * rendered by the pay page) offers Billing and the AI tab. Written here, not read from paths.ts: that file lives in the
 * app's chunks, and a chunk of the app that the pay page loads can start the whole app over it (t21: "removeChild").
 */
export const APP_RETURN_PAGES = { settingsBilling: '/settings/billing', aiTab: '/tabs/ai' } as const;

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
