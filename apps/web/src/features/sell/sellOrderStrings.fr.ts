import { defineTranslation } from '../../i18n/translation';
import type { SELL_ORDER_STRINGS } from './sellOrderStrings';

export default defineTranslation<typeof SELL_ORDER_STRINGS>('sellOrder', {
  open: 'Écrivez ou dites la commande',
  hint: 'Par exemple : 2 savons, 3 pains à 1200, pour Awa',
  hintFor: 'Par exemple : {{example}}',
  read: 'Lire la commande',
  speak: 'Dire la commande',
  stopListening: 'Arrêter l’écoute',
  listening: 'À l’écoute…',
  heardNothing: 'Rien n’a été entendu. Réessayez ou écrivez la commande.',
  empty: 'Écrivez d’abord la commande',
  close: 'Fermer',
  reviewTitle: 'Vérifiez la commande',
  clientLabel: 'Client :',
  newClient: '{{name}} (nouveau client)',
  noLines: 'Aucun article n’a été lu dans la commande',
  catalogItem: 'Du catalogue',
  newItem: 'Hors catalogue',
  price: 'Prix de {{name}}',
  priceNeeded: 'Indiquez un prix pour chaque ligne qui n’en a pas',
  due: 'Une vente se paie tout de suite : l’échéance {{date}} n’est pas utilisée',
  remainder: 'Non compris, non ajouté',
  adds: 'Ajoute',
  add: 'Ajouter à la vente',
  change: 'Modifier le texte',
  added: 'Ajouté à la vente',
});
