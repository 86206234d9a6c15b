import type { IconName } from '../../ui/icons';

/** The external help page on the marketing site (SPEC §2 'Help', left nav 'Get Help'). */
export const HELP_URL = 'https://duka.africa/help';

/** SPEC §2: the tabs of the home, in order. */
export const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: '/tabs/home', label: 'tabs.clients', icon: 'clients' },
  { to: '/tabs/invoice', label: 'tabs.invoices', icon: 'invoice' },
  { to: '/tabs/ai', label: 'tabs.ai', icon: 'ai' },
  { to: '/tabs/expense', label: 'tabs.expenses', icon: 'expense' },
  { to: '/tabs/catalog', label: 'tabs.catalog', icon: 'catalog' },
  { to: '/tabs/fee', label: 'tabs.fees', icon: 'fee' },
  { to: '/tabs/search', label: 'tabs.search', icon: 'search' },
];

export type MenuEntry =
  | { kind: 'link'; to: string; label: string; mobileOnly?: boolean }
  | { kind: 'external'; href: string; label: string }
  | { kind: 'action'; action: 'logout' | 'delete'; label: string };

/** SPEC §2: every entry of the side menu 'One More Thing', in SPEC order. */
export const MENU: MenuEntry[] = [
  { kind: 'link', to: '/catalog', label: 'menu.catalog' },
  { kind: 'link', to: '/ai', label: 'menu.aiWriter' },
  { kind: 'link', to: '/fee', label: 'menu.taxAndFees', mobileOnly: true },
  { kind: 'link', to: '/invoices/drafts', label: 'menu.draft' },
  { kind: 'link', to: '/report', label: 'menu.analytics' },
  { kind: 'link', to: '/settings/account', label: 'menu.account' },
  { kind: 'link', to: '/settings/invoice', label: 'menu.invoiceSettings' },
  { kind: 'link', to: '/settings/security', label: 'menu.changePassword' },
  { kind: 'external', href: HELP_URL, label: 'menu.help' },
  { kind: 'link', to: '/announcement', label: 'menu.announcements' },
  { kind: 'action', action: 'logout', label: 'menu.logout' },
  { kind: 'action', action: 'delete', label: 'menu.deleteAccount' },
];
