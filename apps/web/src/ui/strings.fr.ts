import { defineTranslation } from '../i18n/translation';
import type { UI_STRINGS } from './strings';

export default defineTranslation<typeof UI_STRINGS>('ui', {
  country: {
    title: 'Choisissez un pays',
    search: 'Rechercher un pays',
    searchPlaceholder: 'Tapez le nom d’un pays',
    none: 'Aucun pays ne correspond à « {{q}} »',
  },
  deleteAccount: {
    title: 'Supprimer le compte',
    text: 'Attention : toutes vos données seront supprimées définitivement. Voulez-vous vraiment continuer ?',
    cancel: 'Annuler',
    confirm: 'Supprimer',
    unsynced_one: '{{count}} modification sur cet appareil n’est pas encore arrivée au serveur. Supprimer votre compte la supprime aussi.',
    unsynced_many: '{{count}} modifications sur cet appareil ne sont pas encore arrivées au serveur. Supprimer votre compte les supprime aussi.',
    unsynced_other: '{{count}} modifications sur cet appareil ne sont pas encore arrivées au serveur. Supprimer votre compte les supprime aussi.',
    stay: 'Rester',
    anyway: 'Supprimer quand même',
  },
  errors: {
    offline: 'Vous semblez être hors ligne. Connectez-vous à Internet et réessayez.',
    timeout: 'Le serveur a mis trop de temps à répondre. Veuillez réessayer.',
    generic: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  },
  draft: {
    restored: 'Ce que vous avez saisi ici le {{when}} a été gardé sur cet appareil. Enregistrez-le quand il est prêt.',
    kept: 'Pas encore enregistré : ce que vous saisissez est gardé sur cet appareil jusqu’à ce que vous l’enregistriez ou l’abandonniez.',
    discard: 'Abandonner le brouillon',
    keep: 'Le garder',
    confirmTitle: 'Abandonner ce brouillon ?',
    confirmText: 'Ce que vous avez saisi depuis le dernier enregistrement sera supprimé de cet appareil. C’est irréversible.',
    logout_one: '{{count}} formulaire commencé sur cet appareil n’est pas enregistré. La déconnexion le supprime.',
    logout_many: '{{count}} formulaires commencés sur cet appareil ne sont pas enregistrés. La déconnexion les supprime.',
    logout_other: '{{count}} formulaires commencés sur cet appareil ne sont pas enregistrés. La déconnexion les supprime.',
  },
  close: 'Fermer',
  back: 'Retour',
  loading: 'Chargement',
  or: 'ou',
  expenseCategory: {
    rent: 'Loyer',
    stock: 'Stock / Marchandises',
    transport: 'Transport',
    salaries: 'Salaires',
    utilities: 'Eau et électricité',
    airtime: 'Crédit et internet',
    marketing: 'Publicité',
    equipment: 'Équipement',
    taxes: 'Impôts et taxes',
    other: 'Autre',
  },
});
