import { registerStrings } from '../i18n';
import './strings';

/**
 * English strings of the shared modals (SPEC §2 modals 2 and 7, §8 texts kept exactly), drafts and expense categories:
 * the 'ui' namespace's strings only the signed-in app uses. The rest, which the pay page reads too, are in strings.ts
 * (issue 25: the pay page's 120 KB gz); the French and Swahili of both are in strings.fr.ts / strings.sw.ts.
 */
export const UI_APP_STRINGS = {
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
  /** A date typed as the app writes dates (issue 23), or chosen on the device's calendar. */
  dateField: {
    hint: 'Type it like {{example}}',
    invalid: 'Type a date like {{example}}, or choose it on the calendar',
    calendar: 'Choose {{label}} on a calendar',
  },
  /** The − and + buttons of a number field (StepNumberInput), named after the field. */
  step: {
    less: 'Less: {{name}}',
    more: 'More: {{name}}',
  },
};

registerStrings('ui', UI_APP_STRINGS);
