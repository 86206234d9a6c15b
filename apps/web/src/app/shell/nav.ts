import type { IconName } from '../../ui/icons';
import { PAGES } from '../../paths';

/** The external help page on the marketing site (SPEC §2 'Help', left nav 'Get Help'). */
export const HELP_URL = 'https://duka.africa/help';

/** SPEC §2: the tabs of the home, in order. */
export const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: PAGES.clients, label: 'tabs.clients', icon: 'clients' },
  { to: PAGES.invoices, label: 'tabs.invoices', icon: 'invoice' },
  { to: PAGES.aiTab, label: 'tabs.ai', icon: 'ai' },
  { to: PAGES.expenses, label: 'tabs.expenses', icon: 'expense' },
  { to: PAGES.catalogTab, label: 'tabs.catalog', icon: 'catalog' },
  { to: PAGES.feesTab, label: 'tabs.fees', icon: 'fee' },
  { to: PAGES.search, label: 'tabs.search', icon: 'search' },
];

export type MenuEntry =
  | { kind: 'link'; to: string; label: string; mobileOnly?: boolean }
  | { kind: 'external'; href: string; label: string }
  | { kind: 'action'; action: 'logout' | 'delete'; label: string };

/** SPEC §2: every entry of the side menu 'One More Thing', in SPEC order. */
export const MENU: MenuEntry[] = [
  { kind: 'link', to: PAGES.catalog, label: 'menu.catalog' },
  { kind: 'link', to: PAGES.ai, label: 'menu.aiWriter' },
  { kind: 'link', to: PAGES.fee, label: 'menu.taxAndFees', mobileOnly: true },
  { kind: 'link', to: PAGES.drafts, label: 'menu.draft' },
  { kind: 'link', to: PAGES.report, label: 'menu.analytics' },
  { kind: 'link', to: PAGES.settingsAccount, label: 'menu.account' },
  { kind: 'link', to: PAGES.settingsInvoice, label: 'menu.invoiceSettings' },
  { kind: 'link', to: PAGES.settingsSecurity, label: 'menu.changePassword' },
  { kind: 'external', href: HELP_URL, label: 'menu.help' },
  { kind: 'link', to: PAGES.announcements, label: 'menu.announcements' },
  { kind: 'action', action: 'logout', label: 'menu.logout' },
  { kind: 'action', action: 'delete', label: 'menu.deleteAccount' },
];
