/** URL slug of a contact name: lower-case ASCII letters, digits and dashes ('Ada Obi & Sons' → 'ada-obi-sons'). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'client';
}

/** A short, stable suffix from a record id, used when the plain slug is taken. */
export function permalinkSuffix(id: string, length = 6): string {
  return id.replace(/-/g, '').slice(0, length).toLowerCase();
}

/**
 * Permalink of a contact: the slug of its name, or slug-<suffix> when `taken(slug)` says the plain slug is used.
 * The device can compute it offline; the server keeps them unique per user and may answer another one.
 */
export function contactPermalink(name: string, id: string, taken: (candidate: string) => boolean = () => false): string {
  const base = slugify(name);
  if (!taken(base)) return base;
  for (let len = 6; len <= 32; len += 4) {
    const candidate = `${base}-${permalinkSuffix(id, len)}`;
    if (!taken(candidate)) return candidate;
  }
  return `${base}-${id.replace(/-/g, '')}`;
}

export const PERMALINK_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
