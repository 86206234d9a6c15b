import { defineTranslation } from '../../i18n/translation';
import type { CATALOG_STRINGS } from './strings';

export default defineTranslation<typeof CATALOG_STRINGS>('catalog', {
  title: 'Catalogue',
  add: 'Ajouter',
  search: 'Chercher dans le catalogue',
  searchPlaceholder: 'Nom, référence ou description',
  emptyTitle: 'Votre catalogue est vide',
  emptyBody: 'Ajoutez les produits et services que vous vendez, avec leurs prix, pour remplir vos factures plus vite.',
  noMatch: 'Aucun article ne correspond à « {{q}} »',
  loading: 'Chargement du catalogue',
  inactive: 'Inactif',
  perUnit: '{{price}} / {{unit}}',
  showInactive: 'Afficher les articles inactifs',
  form: {
    newTitle: 'Nouvel article',
    editTitle: 'Modifier l’article',
    name: 'Nom',
    description: 'Description',
    price: 'Prix unitaire',
    unit: 'Unité',
    unitHint: 'ex. pièce, kg, heure',
    sku: 'Référence',
    active: 'Actif (proposé sur les nouvelles factures)',
    save: 'Enregistrer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer l’article',
    deleteText: 'Supprimer {{name}} de votre catalogue ? Les factures qui l’utilisent déjà gardent leurs lignes.',
    saved: 'Article enregistré',
    deleted: 'Article supprimé',
  },
});
