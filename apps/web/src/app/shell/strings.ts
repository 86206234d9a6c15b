import { registerStrings } from '../../i18n';

/** English strings of the app frame: tabs, left nav, the side menu 'One More Thing' (SPEC §2). */
export const SHELL_STRINGS = {
  brand: 'Duka',
  nav: 'Main navigation',
  skipToContent: 'Skip to content',
  tabs: {
    clients: 'Clients',
    invoices: 'Invoices',
    ai: 'AI',
    expenses: 'Expenses',
    catalog: 'Catalog',
    fees: 'Fees',
    search: 'Search',
  },
  more: 'More',
  close: 'Close',
  getHelp: 'Get Help',
  myPlan: 'My plan',
  upgrade: 'Upgrade',
  login: 'Log in',
  menu: {
    title: 'One More Thing',
    catalog: 'Catalog',
    aiWriter: 'Ai Writer',
    taxAndFees: 'Tax And Fees',
    draft: 'Draft',
    analytics: 'Analytics',
    account: 'Account',
    invoiceSettings: 'Invoice settings',
    changePassword: 'Change Password',
    help: 'Help',
    announcements: 'Announcements',
    unread_one: '{{count}} unread announcement',
    unread_other: '{{count}} unread announcements',
    logout: 'Log Out',
    deleteAccount: 'Delete Account',
    opensNewTab: '(opens in a new tab)',
  },
  sync: 'Sync status',
};

registerStrings('shell', SHELL_STRINGS);
