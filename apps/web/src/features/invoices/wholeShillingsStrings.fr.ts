import { defineTranslation } from '../../i18n/translation';
import type { WHOLE_SHILLINGS_STRINGS } from './wholeShillingsStrings';

export default defineTranslation<typeof WHOLE_SHILLINGS_STRINGS>('wholeShillings', {
  title: '{{rails}} : shillings entiers seulement',
  body: 'Le solde, {{balance}}, a des centimes : votre client ne peut pas le payer par {{rails}}. Arrondissez-le à {{rounded}} : une remise de {{cents}} est déduite du prix, et la TVA est calculée sur le prix réduit.',
  round: 'Arrondir à {{rounded}}',
  rounded: 'Arrondi à {{rounded}}',
  locked:
    'Le solde, {{balance}}, a des centimes : votre client ne peut pas le payer par {{rails}}. La facture est signée par la KRA et ne peut plus changer : votre client peut la payer autrement, par exemple en espèces.',
  lockedTest:
    'Le solde, {{balance}}, a des centimes : votre client ne peut pas le payer par {{rails}}. La facture est signée en MODE TEST (non envoyée à la KRA) et ne peut plus changer : votre client peut la payer autrement, par exemple en espèces.',
  roundAndFinish: 'Arrondir à {{rounded}} et terminer',
  finishAsIs: 'Terminer à {{balance}}',
});
