import { registerStrings } from '../../i18n/lite';

/** English strings of the code a provider asks for before it prompts the phone (namespace 'railOtp'): loaded with that field only. */
export const RAIL_OTP_STRINGS = {
  otpTitle: 'Your {{rail}} code',
  otpLabel: 'Code from your network',
  otpSend: 'Send the code',
  otpInvalid: 'Type the code your network sent you: 3 to 12 letters or digits.',
  otpAgain: 'That code was not accepted. Check it and type it again.',
} as const;

registerStrings('railOtp', RAIL_OTP_STRINGS);
