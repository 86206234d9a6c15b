import { defineTranslation } from '../../i18n/translation';
import type { RAIL_SETTINGS_STRINGS } from './railSettingsStrings';

export default defineTranslation<typeof RAIL_SETTINGS_STRINGS>('railSettings', {
  settingsLabel: 'Moyens de paiement sur la page de la facture',
  settingsHint: 'Vos clients les voient sur le lien de la facture. Ceux qui ne sont pas configurés sur ce serveur fonctionnent en MODE TEST.',
  settingsNone: 'Choisissez au moins un moyen de paiement.',
  card: 'Carte',
});
