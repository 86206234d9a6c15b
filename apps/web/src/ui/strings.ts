import { registerStrings } from '../i18n';

/** English strings of the shared modals (SPEC §2 modals 2 and 7, §8 texts kept exactly). */
export const UI_STRINGS = {
  country: {
    title: 'Select A Country',
    search: 'Search countries',
    searchPlaceholder: 'Type a country name',
    none: 'No country matches “{{q}}”',
  },
  deleteAccount: {
    title: 'Delete Account',
    text: 'Note this will delete all your data from the product forever. Are sure you want to do this?',
    cancel: 'Cancel',
    confirm: 'Delete',
    unsynced_one: '{{count}} change on this device has not reached the server yet. Deleting your account deletes it too.',
    unsynced_other: '{{count}} changes on this device have not reached the server yet. Deleting your account deletes them too.',
    stay: 'Stay',
    anyway: 'Delete anyway',
  },
  errors: {
    offline: 'You appear to be offline. Connect to the internet and try again.',
    timeout: 'The server took too long to answer. Please try again.',
    generic: 'Something went wrong on our side. Please try again.',
    /** The daily sending quota (issue 22): error.fields.quota names which one ran out. */
    quota: {
      mail_account: "Your account has sent today's most e-mails. Try again tomorrow; paid plans send more.",
      mail_recipient: 'This address has had the most e-mails we send to one address in a day. Try again tomorrow.',
      sms_account: "Your account has sent today's most SMS. Try again tomorrow; paid plans send more.",
      sms_recipient: 'This number has had the most SMS we send to one number in a day. Try again tomorrow.',
      mpesa_invoice: 'This invoice has had too many M-Pesa prompts. Please wait a few minutes, or pay another way.',
      mpesa_phone: 'This phone number has had too many M-Pesa prompts. Please wait a few minutes, or pay another way.',
      rail_invoice: 'This invoice has had too many payment requests. Please wait a few minutes, or pay another way.',
      rail_phone: 'This phone number has had too many payment prompts. Please wait a few minutes, or pay another way.',
    },
  },
  draft: {
    restored: 'What you typed here on {{when}} was kept on this device. Save it when it is ready.',
    kept: 'Not saved yet: what you type is kept on this device until you save or discard it.',
    discard: 'Discard draft',
    keep: 'Keep it',
    confirmTitle: 'Discard this draft?',
    confirmText: 'What you typed since the last save is removed from this device. This cannot be undone.',
    logout_one: '{{count}} form you started on this device is not saved. Logging out removes it.',
    logout_other: '{{count}} forms you started on this device are not saved. Logging out removes them.',
  },
  close: 'Close',
  back: 'Back',
  loading: 'Loading',
  /** Between two ways of typing a phone number: '0712 123456 or +254 712 123456'. */
  or: 'or',
  /** Labels of core's default expense categories (the stored value stays the English one). */
  expenseCategory: {
    rent: 'Rent',
    stock: 'Stock / Inventory',
    transport: 'Transport',
    salaries: 'Salaries',
    utilities: 'Utilities',
    airtime: 'Airtime & Data',
    marketing: 'Marketing',
    equipment: 'Equipment',
    taxes: 'Taxes',
    other: 'Other',
  },
};

registerStrings('ui', UI_STRINGS);
