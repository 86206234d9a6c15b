import { defineTranslation } from '../../i18n/translation';
import type { RAIL_OTP_STRINGS } from './railOtpStrings';

export default defineTranslation<typeof RAIL_OTP_STRINGS>('railOtp', {
  otpTitle: 'Votre code {{rail}}',
  otpLabel: 'Code reçu de votre réseau',
  otpSend: 'Envoyer le code',
  otpInvalid: 'Saisissez le code envoyé par votre réseau : 3 à 12 lettres ou chiffres.',
  otpAgain: 'Ce code n’a pas été accepté. Vérifiez-le et saisissez-le de nouveau.',
});
