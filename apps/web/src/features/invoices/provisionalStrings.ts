import { registerStrings } from '../../i18n';

/**
 * English strings of a number given offline (namespace 'provisional', t20 H3): another device of the owner may take the
 * same number before this one syncs, so what is shared offline says it is provisional.
 */
export const PROVISIONAL_STRINGS = {
  /** On the owner's screen (the page title). */
  title: '{{number}} (provisional)',
  note: 'You are offline: {{number}} is provisional. Another of your devices may give it to another invoice before this one syncs. The WhatsApp text and the PDF shared now say so; the number is confirmed when this device is back online.',
  note_quote:
    'You are offline: {{number}} is provisional. Another of your devices may give it to another quote before this one syncs. The WhatsApp text and the PDF shared now say so; the number is confirmed when this device is back online.',
  /** In the client's language: the WhatsApp text and the PDF. */
  number: '{{number}} (provisional number)',
  file: '{{number}} (provisional)',
} as const;

registerStrings('provisional', PROVISIONAL_STRINGS);
