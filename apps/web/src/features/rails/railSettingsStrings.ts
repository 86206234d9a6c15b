import { registerStrings } from '../../i18n';

/** English strings of owner's choice of rails in invoice settings (namespace 'railSettings', issue 25). */
export const RAIL_SETTINGS_STRINGS = {
  settingsLabel: 'Ways to pay on the invoice page',
  settingsHint: 'Customers see these on your invoice link. Those not set up on this server run in TEST MODE.',
  settingsNone: 'Choose at least one way to pay.',
  card: 'Card',
} as const;

registerStrings('railSettings', RAIL_SETTINGS_STRINGS);
