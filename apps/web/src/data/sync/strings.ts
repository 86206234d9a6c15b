import { registerStrings } from '../../i18n';

/** English strings of the sync status indicator (namespace 'sync'). */
export const SYNC_STRINGS = {
  offline: 'Offline',
  offlineHint: 'Changes are saved on this device and upload when you are back online.',
  syncing: 'Syncing…',
  progress: 'Syncing {{done}} of {{total}}',
  synced: 'All changes saved',
  waiting_one: '{{count}} change waiting',
  waiting_other: '{{count}} changes waiting',
  waitingShort_one: '{{count}} waiting',
  waitingShort_other: '{{count}} waiting',
  rejected_one: '{{count}} change to fix',
  rejected_other: '{{count}} changes to fix',
  failed: 'Sync failed: {{error}}',
  retryNow: 'Sync now',
  rejectedTitle: 'Changes the server refused',
  rejectedIntro: 'These changes are kept on this device. Fix the record and save it again, or discard the change to get the server’s copy back.',
  fix: 'Fix',
  creditNote: 'Make a credit note',
  discard: 'Discard',
  retry: 'Send again',
  discardConfirm: 'Discard this change? What you typed for this record will be replaced by the server’s copy.',
  cancel: 'Cancel',
  op_upsert: 'Save',
  op_delete: 'Delete',
  collection: {
    contacts: 'Client',
    invoices: 'Invoice',
    notes: 'Note',
    expenses: 'Expense',
    catalogs: 'Catalog item',
    fees: 'Tax or fee',
    stock_movements: 'Stock movement',
  },
  held: 'The server failed on this change several times ({{error}}). It is set aside on this device so your other changes keep syncing.',
  receiptFailed: 'A receipt photo could not be uploaded: {{error}}',
  none: 'Nothing to fix.',
};

registerStrings('sync', SYNC_STRINGS);
