import { defineTranslation } from '../i18n/translation';
import type { VALIDATION_STRINGS } from './validationStrings';

export default defineTranslation<typeof VALIDATION_STRINGS>('validation', {
  required: '{{field}} : ce champ est obligatoire',
  maxChars: '{{max}} caractères au maximum',
  email: 'Adresse e-mail non valide',
  amountPositive: 'Le montant doit être supérieur à 0',
  noteEmpty: 'Écrivez quelque chose dans la note',
  notNegative: 'Ne peut pas être négatif',
  maxPercent: '100 % au maximum',
  moneyTooLarge: 'Ce montant dépasse ce qu’une facture peut contenir',
  currencyCode: 'Utilisez un code de devise comme XAF',
  control: 'Retirez les caractères de contrôle invisibles de ce texte',
  lineBreak: 'Une seule ligne ici (pas de retour à la ligne ni de tabulation)',
  surrogate: 'Ce texte contient un caractère abîmé (la moitié d’un emoji ?) : retapez-le',
  fields: { name: 'Nom', category: 'Catégorie' },
  phone: {
    notPhone: 'Ce n’est pas un numéro de téléphone.',
    countryCode: 'Ajoutez l’indicatif du pays (comme +237) ou choisissez d’abord le pays.',
    notValid: 'Ce numéro de téléphone n’est pas valide.',
    notValidIn: 'Ce numéro de téléphone n’est pas valide pour {{country}}.',
    typeLike: '{{why}} Tapez-le comme {{example}}.',
  },
});
