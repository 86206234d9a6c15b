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
  },
  close: 'Close',
  back: 'Back',
  loading: 'Loading',
};

registerStrings('ui', UI_STRINGS);
