import { registerStrings } from '../../i18n/lite';

/** English strings of the phone rails' number field and network picker (namespace 'railPhone', issue 25): loaded with that field only, not on a tap on a hosted checkout. */
export const RAIL_PHONE_STRINGS = {
  phoneLabel: '{{rail}} phone number',
  phoneHint: 'For example {{example}}. You will get a prompt on this phone to approve the payment.',
  phoneInvalid: 'Enter your {{rail}} number ({{country}}), for example {{example}}',
  networkLabel: 'Network',
  networkPick: 'Choose your network',
  send: 'Send the prompt to my phone',
  checkPhone: 'Check your phone',
  checkPhoneBody: 'Approve the {{rail}} prompt on your phone to pay {{amount}}. This page updates by itself.',
  openTestPhone: 'Open the test phone (TEST MODE)',
  networkHint: 'This number looks like {{network}}’s — check the network.',
} as const;

registerStrings('railPhone', RAIL_PHONE_STRINGS);
