import { defineTranslation } from '../../i18n/translation';
import type { STOCK_RECEIVED_STRINGS } from './stockReceivedStrings';

export default defineTranslation<typeof STOCK_RECEIVED_STRINGS>('stockReceived', {
  title: 'Stock reçu',
  hint: 'Les articles achetés avec cette dépense dont vous suivez le stock : ils s’ajoutent à leur niveau de stock.',
  add: 'Ajouter du stock reçu',
  item: 'Article {{n}}',
  choose: 'Choisissez un article',
  quantity: 'Quantité {{n}}',
  remove: 'Retirer la ligne {{n}}',
  chooseItem: 'Choisissez l’article reçu',
  quantityInvalid: 'Tapez une quantité, p. ex. 12 ou 1,5',
  reason: 'Dépense : {{what}}',
});
