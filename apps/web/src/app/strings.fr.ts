import { defineTranslation } from '../i18n/translation';
import type { COMMON_STRINGS } from './strings';

export default defineTranslation<typeof COMMON_STRINGS>('common', {
  routeErrorTitle: 'Impossible d’ouvrir cette page',
  routeErrorText:
    'L’application a peut-être été mise à jour, ou la connexion a été coupée pendant le chargement. Rien de ce que vous avez enregistré n’est perdu.',
  reload: 'Recharger',
  goBack: 'Revenir en arrière',
  dismiss: 'Fermer la fenêtre',
  togglePassword: 'Afficher ou masquer le mot de passe',
});
