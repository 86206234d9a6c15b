import { registerStrings } from '../../i18n';

/** English strings of an invoice the server renumbered (namespace 'renumber', issue 27, t20 H3). */
export const RENUMBER_STRINGS = {
  toast: '{{from}} is now {{to}} (another device used that number)',
  title: 'New number: {{to}}',
  body: 'Another device of yours used {{from}} first, so this one is now {{to}}. If you already shared {{from}} with the client, send them the new number.',
  ok: 'OK',
} as const;

registerStrings('renumber', RENUMBER_STRINGS);
