import { defineTranslation } from '../../i18n/translation';
import type { PART_PAY_STRINGS } from './strings';

export default defineTranslation<typeof PART_PAY_STRINGS>('partpay', {
  title: 'Paiements partiels',
  allow: 'Les clients peuvent payer une partie d’une facture en ligne',
  allowHint: 'La page de paiement propose alors un champ de montant, du minimum ci-dessous jusqu’au solde. Chaque facture peut en décider autrement.',
  min: 'Montant minimum d’un paiement partiel',
  minHint: 'Jamais moins de {{floor}} (un paiement plus petit coûte plus en frais qu’il ne rapporte). Le solde entier peut toujours être payé.',
  invoiceLabel: 'Paiements partiels en ligne',
  invoiceDefaultOn: 'Comme dans les paramètres de facture (autorisés)',
  invoiceDefaultOff: 'Comme dans les paramètres de facture (non autorisés)',
  invoiceOn: 'Autorisés pour cette facture',
  invoiceOff: 'Non autorisés pour cette facture',
});
