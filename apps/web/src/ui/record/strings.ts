import { registerStrings } from '../../i18n';

/** English strings of the record form pieces shared by every feature (namespace 'record'). */
export const RECORD_STRINGS = {
  confirm: {
    cancel: 'Cancel',
    delete: 'Delete',
  },
  conflict: {
    title: 'Edited on another device',
    // Worded for the record shown ("This expense was also changed…"): ConflictNotice picks by collection.
    body: 'This was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    body_contacts: 'This client was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    body_notes: 'This note was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    body_expenses:
      'This expense was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    body_catalogs: 'This item was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    body_fees: 'This tax or fee was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    body_invoices:
      'This invoice was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    offline: 'Connect to the internet to see the values it replaced.',
    replaced: 'Replaced on {{date}}',
    use: 'Use these values',
    loading: 'Loading the earlier values',
  },
};

registerStrings('record', RECORD_STRINGS);
