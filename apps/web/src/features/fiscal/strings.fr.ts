import { defineTranslation } from '../../i18n/translation';
import type { FISCAL_STRINGS } from './strings';

export default defineTranslation<typeof FISCAL_STRINGS>('fiscal', {
  awaiting: 'En attente de la KRA',
  awaitingBody: "Pas encore une facture fiscale. Duka l'envoie à la KRA tout seul ; vous pouvez déjà la partager.",
  awaitingRetry: "La KRA n'a pas répondu la dernière fois ({{message}}). Duka réessaie tout seul.",
  fiscalised: 'Enregistrée auprès de la KRA',
  refused: 'La KRA a refusé cette facture',
  whatToFix: 'À corriger : {{fix}}',
  sendAgain: 'Renvoyer à la KRA',
  sentAgain: 'Renvoyée à la KRA',
  testMode: 'TEST — PAS UNE FACTURE FISCALE',
  testModeBody: 'Pas encore de réglages eTIMS : Duka signe en MODE TEST. Ajoutez vos réglages KRA eTIMS pour émettre des factures fiscales.',
  controlUnit: 'Unité de contrôle',
  fiscalNumber: 'Numéro fiscal',
  receipt: 'Reçu',
  internalData: 'Données internes',
  signature: 'Signature',
  dateTime: 'Date et heure',
});
