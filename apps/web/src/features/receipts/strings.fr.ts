import { defineTranslation } from '../../i18n/translation';
import type { RECEIPT_STRINGS } from './strings';

export default defineTranslation<typeof RECEIPT_STRINGS>('receipts', {
  receipt: 'Reçu',
  title: 'Reçu {{number}}',
  number: 'Numéro du reçu',
  date: 'Date',
  method: 'Moyen',
  reference: 'Référence',
  amount: 'Montant',
  balanceLeft: 'Reste à payer',
  building: 'Création du reçu',
  failed: 'Le PDF du reçu n’a pas pu être créé sur cet appareil',
  download: 'Télécharger le PDF',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  sharePdf: 'Partager le PDF',
  emailTo: 'Envoyer à',
  emailSend: 'Envoyer le reçu',
  emailSent: 'Reçu envoyé à {{email}}',
  emailInvalid: 'Saisissez une adresse e-mail valide',
  emailClientOnly: "Les reçus partent à l'adresse e-mail du client. Pour l'envoyer ailleurs, modifiez d'abord celle du client.",
  emailNoClient: "Ce client n'a pas d'adresse e-mail. Ajoutez-en une dans la fiche du client pour envoyer le reçu.",
  offline: 'Vous êtes hors ligne. Connectez-vous pour envoyer par e-mail ou partager un lien ; le PDF fonctionne hors ligne.',
  needsSync: 'Pas encore synchronisé : le lien et l’e-mail fonctionneront dès que ce paiement arrivera sur le serveur.',
  whatsappMessage:
    'Bonjour {{client}}, merci pour votre paiement de {{amount}} pour la facture {{invoice}}. Reçu {{number}} : {{link}} Reste à payer : {{balance}}. {{company}}',
  close: 'Fermer',
});
