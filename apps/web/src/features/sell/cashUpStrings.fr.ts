import { defineTranslation } from '../../i18n/translation';
import type { CASH_UP_STRINGS } from './cashUpStrings';

export default defineTranslation<typeof CASH_UP_STRINGS>('cashUp', {
  open: 'Fin de journée',
  title: 'Fin de journée',
  day: 'Jour',
  intro: 'Ce que la caisse doit contenir, d’après les données de cet appareil (fonctionne hors ligne).',
  empty: 'Aucune vente, aucun paiement ni remboursement le {{date}}.',
  backToSell: 'Retour à la vente',
  sales_one: '{{count}} vente',
  sales_many: '{{count}} ventes',
  sales_other: '{{count}} ventes',
  salesTotal: 'Ventes faites',
  received: 'Argent reçu',
  refunds: 'Remboursements',
  net: 'Net encaissé',
  payments_one: '{{count}} paiement',
  payments_many: '{{count}} paiements',
  payments_other: '{{count}} paiements',
  refundCount_one: '{{count}} remboursement',
  refundCount_many: '{{count}} remboursements',
  refundCount_other: '{{count}} remboursements',
  cashExpected: 'Espèces attendues dans la caisse',
  cashHint: 'Espèces reçues moins espèces remboursées, en plus du fonds de caisse du début de journée.',
  methods: { cash: 'Espèces', bank_transfer: 'Virement', mobile_money: 'Paiement mobile', card: 'Carte', other: 'Autre' },
  print: 'Imprimer',
  printedTitle: 'Caisse du {{date}}',
});
