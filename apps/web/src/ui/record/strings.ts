import { registerStrings } from '../../i18n';

/** English strings of the record form pieces shared by every feature (namespace 'record'). */
export const RECORD_STRINGS = {
  confirm: {
    cancel: 'Cancel',
    delete: 'Delete',
  },
  conflict: {
    title: 'Edited on another device',
    body: 'This client was also changed on another device. The latest change was kept; the values it replaced are below so nothing you typed is lost.',
    offline: 'Connect to the internet to see the values it replaced.',
    replaced: 'Replaced on {{date}}',
    use: 'Use these values',
    loading: 'Loading the earlier values',
  },
};

registerStrings('record', RECORD_STRINGS);
