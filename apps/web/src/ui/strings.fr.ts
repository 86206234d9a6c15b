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
    quota: {
      mail_account: "Votre compte a envoyé le maximum d'e-mails pour aujourd'hui. Réessayez demain ; les offres payantes en envoient davantage.",
      mail_recipient: "Cette adresse a reçu le maximum d'e-mails que nous envoyons à une adresse par jour. Réessayez demain.",
      sms_account: "Votre compte a envoyé le maximum de SMS pour aujourd'hui. Réessayez demain ; les offres payantes en envoient davantage.",
      sms_recipient: 'Ce numéro a reçu le maximum de SMS que nous envoyons à un numéro par jour. Réessayez demain.',
      mpesa_invoice: 'Trop de demandes M-Pesa pour cette facture. Patientez quelques minutes ou payez autrement.',
      mpesa_phone: 'Trop de demandes M-Pesa vers ce numéro. Patientez quelques minutes ou payez autrement.',
    },
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
