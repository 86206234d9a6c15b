import { defineTranslation } from '../../i18n/translation';
import type { RAIL_OTP_STRINGS } from './railOtpStrings';

export default defineTranslation<typeof RAIL_OTP_STRINGS>('railOtp', {
  otpTitle: 'Msimbo wako wa {{rail}}',
  otpLabel: 'Msimbo kutoka kwa mtandao wako',
  otpSend: 'Tuma msimbo',
  otpInvalid: 'Andika msimbo uliotumwa na mtandao wako: herufi au tarakimu 3 hadi 12.',
  otpAgain: 'Msimbo huo haukukubaliwa. Uangalie na uuandike tena.',
});
