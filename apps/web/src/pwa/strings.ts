import { registerStrings } from '../i18n';

/** English strings of the app update notice (namespace 'pwa'). */
export const PWA_STRINGS = {
  updateTitle: 'A new version of Duka is ready',
  updateBody: 'Tap here to reload and use it.',
};

registerStrings('pwa', PWA_STRINGS);
