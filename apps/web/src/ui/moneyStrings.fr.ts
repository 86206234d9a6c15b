import { defineTranslation } from '../i18n/translation';
import type { MONEY_STRINGS } from './moneyStrings';

export default defineTranslation<typeof MONEY_STRINGS>('money', {
  unreadable: 'Saisissez un montant, par exemple {{example}}',
  ambiguous: '« {{text}} » peut se lire de deux façons. Écrivez-le comme {{example}} (virgule pour les décimales)',
  decimals: '{{n}} décimales au plus, par exemple {{example}}',
  noDecimals: 'Pas de décimales en {{currency}}. Écrivez par exemple {{example}}',
  negative: 'Saisissez un montant supérieur à 0',
  tooLarge: 'Ce montant est trop grand',
});
