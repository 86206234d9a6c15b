import { defineTranslation } from '../../i18n/translation';
import type { RAIL_PHONE_STRINGS } from './railPhoneStrings';

export default defineTranslation<typeof RAIL_PHONE_STRINGS>('railPhone', {
  phoneLabel: 'Numéro de téléphone {{rail}}',
  phoneHint: 'Par exemple {{example}}. Vous recevrez sur ce téléphone une demande pour approuver le paiement.',
  phoneInvalid: 'Saisissez votre numéro {{rail}} ({{country}}), par exemple {{example}}',
  networkLabel: 'Réseau',
  networkPick: 'Choisissez votre réseau',
  send: 'Envoyer la demande sur mon téléphone',
  checkPhone: 'Regardez votre téléphone',
  checkPhoneBody: 'Approuvez la demande {{rail}} sur votre téléphone pour payer {{amount}}. Cette page se met à jour toute seule.',
  openTestPhone: 'Ouvrir le téléphone de test (MODE TEST)',
  networkHint: 'Ce numéro semble être un numéro {{network}} — vérifiez le réseau.',
});
