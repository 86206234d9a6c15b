import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useStrings, whenTranslated } from '../i18n';
import '../ui/strings';
import { GuestOnly, LoggedIn, TokenOrQuery } from './guards';
import { loadFullStyles, loadHomeStyles } from '../boot/styles';
import { PlanFrame } from './PlanFrame';
import { lazyNow } from './lazyNow';
import { warmable } from './warmPages';
import { PAGE_PATTERNS, PAGES, pagePaths } from '../paths';

type Page = LazyExoticComponent<ComponentType>;
// Every page but login waits for the rest of Mantine's CSS (the login screen's is in the first stylesheet), and
// loads after Zod is set to run without eval (zodConfig: the CSP has no 'unsafe-eval'; the login screen has no Zod).
// In French or Kiswahili a page also waits for its strings in that language (a small chunk, loaded with the page).
// The frame and the client list, the first screen after Log in, wait only for the few rules they need (issue 30).
const withStyles =
  <T,>(load: () => Promise<T>, styles: () => Promise<unknown> = loadFullStyles) =>
  () =>
    import('./zodConfig').then(() => Promise.all([load(), styles()])).then(([m]) => whenTranslated().then(() => m));
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(withStyles(load));
/** A main screen's page: its code is also loaded ahead once the first sync is done, for offline use (warmPages.ts). */
const mainPage = (load: () => Promise<{ default: ComponentType }>, first = false): Page => lazy(warmable(withStyles(load), first));

// Pages load on demand (SPEC §2): one chunk per page.
const P = {
  login: lazy(() => import('../features/accounts/pages/LoginPage').then((m) => whenTranslated().then(() => m))),
  register: page(() => import('../features/accounts/pages/RegisterPage')),
  welcome: page(() => import('../features/accounts/pages/WelcomePage')),
  forgot: page(() => import('../features/accounts/pages/ForgotPasswordPage')),
  reset: page(() => import('../features/accounts/pages/ResetPasswordPage')),
  loginLink: page(() => import('../features/accounts/pages/LoginLinkPage')),
  settingsAccount: mainPage(() => import('../features/settings/pages/AccountSettingsPage')),
  settingsInvoice: mainPage(() => import('../features/settings/pages/InvoiceSettingsPage')),
  settingsSecurity: page(() => import('../features/settings/pages/SecuritySettingsPage')),
  settingsBilling: page(() => import('../features/settings/pages/BillingSettingsPage')),
  settingsFiscal: page(() => import('../features/settings/pages/FiscalSettingsPage')),
  clients: lazyNow(withStyles(() => import('../features/clients/pages/ClientsTab'), loadHomeStyles)),
  contact: mainPage(() => import('../features/clients/pages/ContactPage'), true),
  invoices: mainPage(() => import('../features/invoices/pages/InvoicesTab'), true),
  newInvoice: mainPage(() => import('../features/invoices/pages/NewInvoicePage'), true),
  drafts: mainPage(() => import('../features/invoices/pages/DraftsPage')),
  invoiceFilter: page(() => import('../features/invoices/pages/InvoiceFilterPage')),
  invoiceLink: page(() => import('../features/invoices/pages/InvoiceLinkPage')),
  invoiceView: mainPage(() => import('../features/invoices/pages/InvoiceViewPage'), true),
  creditNote: page(() => import('../features/invoices/pages/CreditNotePage')),
  debtors: mainPage(() => import('../features/debtors/DebtorsPage')),
  thankYou: page(() => import('../features/invoices/pages/ThankYouPage')),
  aiTab: mainPage(() => import('../features/ai/pages/AiTab')),
  aiType: page(() => import('../features/ai/pages/AiTypePage')),
  expenses: mainPage(() => import('../features/expenses/pages/ExpensesTab')),
  expense: mainPage(() => import('../features/expenses/pages/ExpensePage')),
  catalogTab: mainPage(() => import('../features/catalog/pages/CatalogTab')),
  catalog: mainPage(() => import('../features/catalog/pages/CatalogPage')),
  feesTab: mainPage(() => import('../features/fees/pages/FeesTab')),
  fee: mainPage(() => import('../features/fees/pages/FeePage')),
  search: mainPage(() => import('../features/search/pages/SearchTab')),
  subscribe: page(() => import('../features/plans/pages/SubscribePage')),
  portal: page(() => import('../features/plans/pages/PortalPage')),
  transactions: page(() => import('../features/plans/pages/TransactionsPage')),
  testCheckout: page(() => import('../features/plans/pages/TestCheckoutPage')),
  testPortal: page(() => import('../features/plans/pages/TestPortalPage')),
  report: mainPage(() => import('../features/reports/pages/ReportPage')),
  sell: mainPage(() => import('../features/sell/SellPage'), true),
  cashUp: mainPage(() => import('../features/sell/CashUpPage')),
  stock: mainPage(() => import('../features/stock/StockPage')),
  vatReturn: page(() => import('../features/reports/pages/VatReturnPage')),
  announcement: page(() => import('../features/announcements/pages/AnnouncementPage')),
  affiliate: page(() => import('../features/affiliates/pages/AffiliatePage')),
  affiliateRegister: page(() => import('../features/affiliates/pages/AffiliateRegisterPage')),
};

// The frame loads on demand too, so the login screen carries none of it.
const Shell = lazyNow(withStyles(() => import('./Shell'), loadHomeStyles));
// TanStack Query is provided to every route but the account screens (same reason).
const QueryLayout = lazyNow(() => import('./QueryLayout'));

/** The client list's route (the frame, the query layout, the list), loaded ahead so it renders at once (lazyNow.ts). */
export const preloadHomeRoute = () => Promise.all([Shell.preload(), QueryLayout.preload(), P.clients.preload()]);

export function PageLoading() {
  const { t } = useStrings('ui');
  return (
    <Center py="xl" role="status" aria-busy="true" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}

const show = (Component: Page): ReactNode => (
  <Suspense fallback={<PageLoading />}>
    <Component />
  </Suspense>
);
const loggedIn = (c: Page) => <LoggedIn>{show(c)}</LoggedIn>;
/** The Upgrade pages: header with a way back, page margins (issue 14 item 12). */
const framed = (c: Page) => <PlanFrame>{show(c)}</PlanFrame>;

/** The AI writer pages of SPEC §2 (open by route). email and reply-email are Duka's additions. */
export const AI_PAGE_SLUGS = [
  'user-persona',
  'idea-customer',
  'birthday-wishes',
  'seasons-greetings',
  'content-link',
  'business-plan',
  'business-name',
  'newsletter',
  'content-idea',
  'email',
  'reply-email',
] as const;

/** Every route but the account screens. Each pattern is a page of paths.ts (SPEC §2 route table). */
const appRoutes: RouteObject[] = [
  {
    path: PAGES.home,
    element: (
      <Suspense fallback={<PageLoading />}>
        <Shell />
      </Suspense>
    ),
    children: [
      { index: true, element: <Navigate to={PAGES.clients} replace /> },
      { path: PAGES.tabs, element: <Navigate to={PAGES.clients} replace /> },
      { path: PAGES.clients, element: loggedIn(P.clients) },
      { path: PAGES.invoices, element: loggedIn(P.invoices) },
      { path: PAGES.aiTab, element: loggedIn(P.aiTab) },
      { path: PAGES.expenses, element: loggedIn(P.expenses) },
      { path: PAGES.catalogTab, element: loggedIn(P.catalogTab) },
      { path: PAGES.feesTab, element: loggedIn(P.feesTab) },
      { path: PAGES.search, element: loggedIn(P.search) },
      { path: PAGE_PATTERNS.contact, element: loggedIn(P.contact) },
      { path: PAGES.newInvoice, element: loggedIn(P.newInvoice) },
      { path: PAGES.drafts, element: loggedIn(P.drafts) },
      { path: PAGES.invoiceFilter, element: show(P.invoiceFilter) },
      { path: PAGE_PATTERNS.invoice, element: loggedIn(P.invoiceView) },
      { path: PAGE_PATTERNS.creditNote, element: loggedIn(P.creditNote) },
      { path: PAGES.debtors, element: loggedIn(P.debtors) },
      { path: PAGES.settingsAccount, element: loggedIn(P.settingsAccount) },
      { path: PAGES.settingsInvoice, element: loggedIn(P.settingsInvoice) },
      { path: PAGES.settingsSecurity, element: loggedIn(P.settingsSecurity) },
      { path: PAGES.settingsBilling, element: loggedIn(P.settingsBilling) },
      { path: PAGES.settingsFiscal, element: loggedIn(P.settingsFiscal) },
      { path: PAGES.report, element: loggedIn(P.report) },
      { path: PAGES.sell, element: loggedIn(P.sell) },
      { path: PAGES.cashUp, element: loggedIn(P.cashUp) },
      { path: PAGES.stock, element: loggedIn(P.stock) },
      { path: PAGES.vatReturn, element: loggedIn(P.vatReturn) },
      { path: PAGES.announcements, element: loggedIn(P.announcement) },
      { path: PAGES.fee, element: loggedIn(P.fee) },
      { path: PAGES.expense, element: loggedIn(P.expense) },
      { path: PAGES.catalog, element: loggedIn(P.catalog) },
      { path: PAGES.ai, element: loggedIn(P.aiTab) },
      ...AI_PAGE_SLUGS.map((slug) => ({ path: pagePaths.aiType(slug), element: show(P.aiType) })),
    ],
  },
  // Pages outside the app shell: public, auth and payment pages.
  { path: PAGE_PATTERNS.invoiceLink, element: show(P.invoiceLink) },
  { path: PAGES.thankYou, element: show(P.thankYou) },
  { path: PAGES.welcome, element: show(P.welcome) },
  { path: PAGES.affiliate, element: show(P.affiliate) },
  { path: PAGES.affiliateRegister, element: show(P.affiliateRegister) },
  { path: PAGES.subscribe, element: <TokenOrQuery>{framed(P.subscribe)}</TokenOrQuery> },
  { path: PAGES.portal, element: <TokenOrQuery>{framed(P.portal)}</TokenOrQuery> },
  { path: PAGES.transactions, element: <TokenOrQuery>{framed(P.transactions)}</TokenOrQuery> },
  // The built-in test provider's hosted pages (a real provider's live on its own site).
  { path: PAGE_PATTERNS.testCheckout, element: show(P.testCheckout) },
  { path: PAGES.testPortal, element: show(P.testPortal) },
  { path: '*', element: <Navigate to={PAGES.home} replace /> },
];

/** SPEC §2 route table with its three guards. The account screens sit outside the query layout to stay light. */
export const routes: RouteObject[] = [
  { path: PAGES.login, element: <GuestOnly>{show(P.login)}</GuestOnly> },
  { path: PAGES.register, element: <GuestOnly>{show(P.register)}</GuestOnly> },
  { path: PAGES.forgotPassword, element: <GuestOnly>{show(P.forgot)}</GuestOnly> },
  { path: PAGES.resetPassword, element: show(P.reset) },
  { path: PAGES.loginLink, element: show(P.loginLink) },
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <QueryLayout />
      </Suspense>
    ),
    children: appRoutes,
  },
];
