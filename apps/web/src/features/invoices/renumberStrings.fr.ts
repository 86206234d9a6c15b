import { defineTranslation } from '../../i18n/translation';
import type { RENUMBER_STRINGS } from './renumberStrings';

export default defineTranslation<typeof RENUMBER_STRINGS>('renumber', {
  toast: '{{from}} est maintenant {{to}} (un autre appareil avait pris ce numéro)',
  title: 'Nouveau numéro : {{to}}',
  body: 'Un autre de vos appareils a utilisé {{from}} en premier : celle-ci est donc devenue {{to}}. Si vous avez déjà envoyé {{from}} au client, donnez-lui le nouveau numéro.',
  ok: 'OK',
});
