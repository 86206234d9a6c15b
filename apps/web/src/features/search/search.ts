import { type DisplayStatus, formatDate, formatMoney, formatPhone, invoiceStatusOn, STATUS_LABELS } from '@duka/core';
import type { CatalogItem, Contact, Expense, Invoice, Note } from '../../data/db';
import { todayForBusiness } from '../../data/today';
import { PAGES, pagePaths } from '../../paths';

export const SEARCH_GROUPS = ['contacts', 'invoices', 'notes', 'expenses', 'catalogs'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export interface SearchEntry {
  group: SearchGroup;
  id: string;
  title: string;
  subtitle: string;
  href: string;
  /** Lower-case text every query term is looked up in. */
  text: string;
}

export interface SearchData {
  contacts?: readonly Contact[];
  invoices?: readonly Invoice[];
  notes?: readonly Note[];
  expenses?: readonly Expense[];
  catalogs?: readonly CatalogItem[];
}

const kept = (parts: unknown[]) => parts.filter((p) => p !== undefined && p !== null && p !== '' && p !== false);
const join = (...parts: unknown[]) => kept(parts).join(' ');
const line = (...parts: unknown[]) => kept(parts).join(' · ');
const firstLine = (s: string) =>
  s
    .replace(/[#*_>`[\]]/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 80);

export interface IndexOptions {
  /** Today (yyyy-mm-dd), for the overdue status. */
  today?: string;
  /** The label of a status as the invoice list shows it. */
  statusLabel?: (s: DisplayStatus) => string;
  /** An expense category as the screens show it (a default one in the active language). */
  categoryLabel?: (category: string) => string;
  /** What an expense whose amount is still to be read from its photo shows in place of its amount (issue 29). */
  pendingLabel?: (state: NonNullable<Expense['amount_pending']>) => string;
  /** The business's country: a client's phone with no country of its own is read (and written) as the list writes it. */
  homeCountry?: string;
}

/**
 * Builds the local search index over clients, invoices (number, client, notes, status, line descriptions and
 * payment references), notes, expenses and catalog items.
 */
export function buildIndex(data: SearchData, opts: IndexOptions = {}): SearchEntry[] {
  const today = opts.today ?? todayForBusiness();
  const label = opts.statusLabel ?? ((s: DisplayStatus) => STATUS_LABELS[s]);
  const categoryLabel = opts.categoryLabel ?? ((category: string) => category);
  const pendingLabel = opts.pendingLabel ?? ((state: string) => state);
  const out: SearchEntry[] = [];
  const names = new Map<string, Contact>();
  for (const c of data.contacts ?? []) {
    names.set(c.id, c);
    // Phones are stored in E.164 and shown in national form; both forms (and bare digits) are searchable.
    const phone = formatPhone(c.phone, c.country, opts.homeCountry);
    out.push({
      group: 'contacts',
      id: c.id,
      title: c.name,
      subtitle: line(c.email, phone, c.city),
      href: pagePaths.contact(c.permalink),
      text: join(c.name, c.email, c.phone, phone, phone.replace(/\D/g, ''), c.city, c.country, c.tax_id, c.address).toLowerCase(),
    });
  }
  for (const i of data.invoices ?? []) {
    const inv = i;
    const client = inv.contact_id ? names.get(inv.contact_id)?.name : undefined;
    const status = label(invoiceStatusOn(inv, today));
    const lines = Array.isArray(inv.lines) ? inv.lines.map((l) => l.description) : [];
    const refs = Array.isArray(inv.payments) ? inv.payments.map((p) => p.reference) : [];
    out.push({
      group: 'invoices',
      id: i.id,
      title: line(inv.number ?? '—', client),
      subtitle: line(inv.issue_date && formatDate(inv.issue_date), inv.total_due !== undefined && formatMoney(inv.total_due, inv.currency ?? 'NGN'), status),
      href: pagePaths.invoice(i.id),
      text: join(inv.number, client, inv.notes, status, ...lines, ...refs).toLowerCase(),
    });
  }
  for (const n of data.notes ?? []) {
    const c = n.contact_id ? names.get(n.contact_id) : undefined;
    out.push({
      group: 'notes',
      id: n.id,
      title: firstLine(n.body) || '—',
      subtitle: c?.name ?? '',
      href: c ? pagePaths.contact(c.permalink) : PAGES.clients,
      text: join(n.body, c?.name).toLowerCase(),
    });
  }
  for (const e of data.expenses ?? []) {
    const c = e.contact_id ? names.get(e.contact_id)?.name : undefined;
    out.push({
      group: 'expenses',
      id: e.id,
      title: line(categoryLabel(e.category), e.vendor),
      subtitle: line(formatDate(e.date), e.amount_pending ? pendingLabel(e.amount_pending) : formatMoney(e.amount, e.currency), c),
      href: pagePaths.expense({ id: e.id }),
      text: join(e.category, categoryLabel(e.category), e.vendor, e.description, c, e.date).toLowerCase(),
    });
  }
  for (const i of data.catalogs ?? []) {
    out.push({
      group: 'catalogs',
      id: i.id,
      title: i.name,
      subtitle: line(i.sku, i.description),
      href: pagePaths.catalogItem(i.id),
      text: join(i.name, i.sku, i.description, i.unit).toLowerCase(),
    });
  }
  return out;
}

export interface SearchResults {
  total: number;
  groups: { group: SearchGroup; total: number; entries: SearchEntry[] }[];
}

/** Every entry containing every word of the query (case-insensitive), grouped; at most `perGroup` kept per group. */
export function searchIndex(index: readonly SearchEntry[], query: string, perGroup = 20): SearchResults {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<SearchGroup, { group: SearchGroup; total: number; entries: SearchEntry[] }>(
    SEARCH_GROUPS.map((g) => [g, { group: g, total: 0, entries: [] }]),
  );
  let total = 0;
  if (!terms.length) return { total, groups: [] };
  for (const e of index) {
    let hit = true;
    for (const t of terms) {
      if (!e.text.includes(t)) {
        hit = false;
        break;
      }
    }
    if (!hit) continue;
    const g = groups.get(e.group)!;
    g.total += 1;
    total += 1;
    if (g.entries.length < perGroup) g.entries.push(e);
  }
  return { total, groups: [...groups.values()].filter((g) => g.total > 0) };
}
