/**
 * The app's own pages (issue 24): the one place a page path is written. Screens link and navigate through these;
 * the server's routes are reached through core's route map (data/api.ts), never from here. contract.test.ts
 * fails on a page path written as a string anywhere else.
 */
import { APP_RETURN_PAGES, fill, PUBLIC_PAGES, PUBLIC_PATTERNS, publicPagePaths, withQuery } from './publicPaths';

export const PAGES = {
  home: PUBLIC_PAGES.home,
  tabs: '/tabs',
  clients: '/tabs/home',
  invoices: '/tabs/invoice',
  aiTab: APP_RETURN_PAGES.aiTab,
  expenses: '/tabs/expense',
  catalogTab: '/tabs/catalog',
  feesTab: '/tabs/fee',
  search: '/tabs/search',
  newInvoice: '/new-invoice',
  drafts: '/invoices/drafts',
  ai: '/ai',
  catalog: '/catalog',
  fee: '/fee',
  expense: '/expense',
  report: '/report',
  announcements: '/announcement',
  settingsAccount: '/settings/account',
  settingsInvoice: '/settings/invoice',
  settingsSecurity: '/settings/security',
  settingsBilling: APP_RETURN_PAGES.settingsBilling,
  settingsFiscal: '/settings/fiscal',
  login: '/login',
  welcome: '/welcome/',
  affiliate: '/affiliate',
  affiliateRegister: '/affiliate/register',
  subscribe: '/plan/subscribe',
  portal: '/plan/portal',
  transactions: '/transactions',
  thankYou: PUBLIC_PAGES.thankYou,
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  loginLink: '/login-link',
  debtors: '/debtors',
  sell: '/sell',
  cashUp: '/sell/cash-up',
  stock: '/stock',
  vatReturn: '/report/vat',
  invoiceFilter: '/invoices/filter',
  testPortal: '/test-portal',
} as const;
export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/** Route patterns of the pages of one record: the router's table (app/routes.tsx) declares them, pagePaths fills them. */
export const PAGE_PATTERNS = {
  contact: '/contacts/:permalink',
  invoice: '/invoices/:id',
  creditNote: '/invoices/:id/credit-note',
  ...PUBLIC_PATTERNS,
} as const;

/** Pages of one record, and pages reached with a query. */
export const pagePaths = {
  invoice: (id: string) => fill(PAGE_PATTERNS.invoice, { id }),
  creditNote: (invoiceId: string) => fill(PAGE_PATTERNS.creditNote, { id: invoiceId }),
  /** The editor: a draft to go on with (id), a new quote, or a new invoice for a client. */
  newInvoice: (query?: { id?: string; kind?: 'quote'; contact?: string }) => withQuery(PAGES.newInvoice, query),
  contact: (permalink: string, query?: { edit?: 1 }) => withQuery(fill(PAGE_PATTERNS.contact, { permalink }), query),
  expense: (query?: { id?: string; new?: 1 }) => withQuery(PAGES.expense, query),
  catalogItem: (id: string) => withQuery(PAGES.catalog, { id }),
  fee: (id: string) => withQuery(PAGES.fee, { id }),
  aiType: (slug: string, credit?: number) => withQuery(`${PAGES.ai}/${slug}`, { credit }),
  ...publicPagePaths,
  /** The login page, coming back to `next` afterwards. */
  login: (next: string) => withQuery(PAGES.login, { next }),
  transactions: (query: { token: string; intent: string }) => withQuery(PAGES.transactions, query),
  testCheckout: (reference: string) => fill(PAGE_PATTERNS.testCheckout, { reference }),
} as const;

/** The list screens a device may open on (the first sync fills them). */
export const LIST_PAGES: readonly string[] = [PAGES.home, PAGES.tabs, PAGES.clients];
