import { defineTranslation } from '../../i18n/translation';
import type { REFUSED_STRINGS } from './refusedStrings';

export default defineTranslation<typeof REFUSED_STRINGS>('refused', {
  title: 'Votre modification n’a pas été enregistrée',
  body: '{{reason}}',
  shown: 'Ci-dessous : la facture telle qu’elle est enregistrée.',
  notShown: 'Ci-dessous : votre modification, non enregistrée (connectez-vous pour voir la facture enregistrée).',
  review: 'Revoir',
  creditedLocked: 'Cette facture a des avoirs : ses lignes, taxes et remise ne peuvent plus changer. Émettez plutôt un autre avoir.',
  discard: 'Abandonner',
});
