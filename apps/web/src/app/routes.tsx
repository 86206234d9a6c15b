import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useStrings, whenTranslated } from '../i18n';
import '../ui/strings';
import { GuestOnly, LoggedIn, TokenOrQuery } from './guards';
import { loadFullStyles, loadHomeStyles } from './styles';
import { PlanFrame } from './PlanFrame';
import { lazyNow } from './lazyNow';

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

// Pages load on demand (SPEC §2): one chunk per page.
const P = {
  login: lazy(() => import('../features/accounts/pages/LoginPage').then((m) => whenTranslated().then(() => m))),
  register: page(() => import('../features/accounts/pages/RegisterPage')),
  welcome: page(() => import('../features/accounts/pages/WelcomePage')),
  forgot: page(() => import('../features/accounts/pages/ForgotPasswordPage')),
  reset: page(() => import('../features/accounts/pages/ResetPasswordPage')),
  loginLink: page(() => import('../features/accounts/pages/LoginLinkPage')),
  settingsAccount: page(() => import('../features/settings/pages/AccountSettingsPage')),
  settingsInvoice: page(() => import('../features/settings/pages/InvoiceSettingsPage')),
  settingsSecurity: page(() => import('../features/settings/pages/SecuritySettingsPage')),
  settingsBilling: page(() => import('../features/settings/pages/BillingSettingsPage')),
  settingsFiscal: page(() => import('../features/fiscal/FiscalSettingsPage')),
  clients: lazyNow(withStyles(() => import('../features/clients/pages/ClientsTab'), loadHomeStyles)),
  contact: page(() => import('../features/clients/pages/ContactPage')),
  invoices: page(() => import('../features/invoices/pages/InvoicesTab')),
  newInvoice: page(() => import('../features/invoices/pages/NewInvoicePage')),
  drafts: page(() => import('../features/invoices/pages/DraftsPage')),
  invoiceFilter: page(() => import('../features/invoices/pages/InvoiceFilterPage')),
  invoiceLink: page(() => import('../features/invoices/pages/InvoiceLinkPage')),
  invoiceView: page(() => import('../features/invoices/pages/InvoiceViewPage')),
  creditNote: page(() => import('../features/invoices/pages/CreditNotePage')),
  debtors: page(() => import('../features/debtors/DebtorsPage')),
  thankYou: page(() => import('../features/invoices/pages/ThankYouPage')),
  aiTab: page(() => import('../features/ai/pages/AiTab')),
  aiType: page(() => import('../features/ai/pages/AiTypePage')),
  expenses: page(() => import('../features/expenses/pages/ExpensesTab')),
  expense: page(() => import('../features/expenses/pages/ExpensePage')),
  catalogTab: page(() => import('../features/catalog/pages/CatalogTab')),
  catalog: page(() => import('../features/catalog/pages/CatalogPage')),
  feesTab: page(() => import('../features/fees/pages/FeesTab')),
  fee: page(() => import('../features/fees/pages/FeePage')),
  search: page(() => import('../features/search/pages/SearchTab')),
  subscribe: page(() => import('../features/plans/pages/SubscribePage')),
  portal: page(() => import('../features/plans/pages/PortalPage')),
  transactions: page(() => import('../features/plans/pages/TransactionsPage')),
  testCheckout: page(() => import('../features/plans/pages/TestCheckoutPage')),
  testPortal: page(() => import('../features/plans/pages/TestPortalPage')),
  report: page(() => import('../features/reports/pages/ReportPage')),
  sell: page(() => import('../features/sell/SellPage')),
  stock: page(() => import('../features/stock/StockPage')),
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

/** Every route but the account screens. */
const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Suspense fallback={<PageLoading />}>
        <Shell />
      </Suspense>
    ),
    children: [
      { index: true, element: <Navigate to="/tabs/home" replace /> },
      {
        path: 'tabs',
        children: [
          { index: true, element: <Navigate to="/tabs/home" replace /> },
          { path: 'home', element: loggedIn(P.clients) },
          { path: 'invoice', element: loggedIn(P.invoices) },
          { path: 'ai', element: loggedIn(P.aiTab) },
          { path: 'expense', element: loggedIn(P.expenses) },
          { path: 'catalog', element: loggedIn(P.catalogTab) },
          { path: 'fee', element: loggedIn(P.feesTab) },
          { path: 'search', element: loggedIn(P.search) },
        ],
      },
      { path: 'contacts/:permalink', element: loggedIn(P.contact) },
      { path: 'new-invoice', element: loggedIn(P.newInvoice) },
      { path: 'invoices/drafts', element: loggedIn(P.drafts) },
      { path: 'invoices/filter', element: show(P.invoiceFilter) },
      { path: 'invoices/:id', element: loggedIn(P.invoiceView) },
      { path: 'invoices/:id/credit-note', element: loggedIn(P.creditNote) },
      { path: 'debtors', element: loggedIn(P.debtors) },
      { path: 'settings/account', element: loggedIn(P.settingsAccount) },
      { path: 'settings/invoice', element: loggedIn(P.settingsInvoice) },
      { path: 'settings/security', element: loggedIn(P.settingsSecurity) },
      { path: 'settings/billing', element: loggedIn(P.settingsBilling) },
      { path: 'settings/fiscal', element: loggedIn(P.settingsFiscal) },
      { path: 'report', element: loggedIn(P.report) },
      { path: 'sell', element: loggedIn(P.sell) },
      { path: 'stock', element: loggedIn(P.stock) },
      { path: 'report/vat', element: loggedIn(P.vatReturn) },
      { path: 'announcement', element: loggedIn(P.announcement) },
      { path: 'fee', element: loggedIn(P.fee) },
      { path: 'expense', element: loggedIn(P.expense) },
      { path: 'catalog', element: loggedIn(P.catalog) },
      { path: 'ai', element: loggedIn(P.aiTab) },
      ...AI_PAGE_SLUGS.map((slug) => ({ path: `ai/${slug}`, element: show(P.aiType) })),
    ],
  },
  // Pages outside the app shell: public, auth and payment pages.
  { path: '/invoice/link/:id', element: show(P.invoiceLink) },
  { path: '/thank-you', element: show(P.thankYou) },
  { path: '/welcome', element: show(P.welcome) },
  { path: '/affiliate', element: show(P.affiliate) },
  { path: '/affiliate/register', element: show(P.affiliateRegister) },
  { path: '/plan/subscribe', element: <TokenOrQuery>{framed(P.subscribe)}</TokenOrQuery> },
  { path: '/plan/portal', element: <TokenOrQuery>{framed(P.portal)}</TokenOrQuery> },
  { path: '/transactions', element: <TokenOrQuery>{framed(P.transactions)}</TokenOrQuery> },
  // The built-in test provider's hosted pages (a real provider's live on its own site).
  { path: '/test-checkout/:reference', element: show(P.testCheckout) },
  { path: '/test-portal', element: show(P.testPortal) },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** SPEC §2 route table with its three guards. The account screens sit outside the query layout to stay light. */
export const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly>{show(P.login)}</GuestOnly> },
  { path: '/register', element: <GuestOnly>{show(P.register)}</GuestOnly> },
  { path: '/forgot-password', element: <GuestOnly>{show(P.forgot)}</GuestOnly> },
  { path: '/reset-password', element: show(P.reset) },
  { path: '/login-link', element: show(P.loginLink) },
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <QueryLayout />
      </Suspense>
    ),
    children: appRoutes,
  },
];
