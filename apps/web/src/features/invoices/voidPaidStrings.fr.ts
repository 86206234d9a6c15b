import { defineTranslation } from '../../i18n/translation';
import type { VOID_PAID_STRINGS } from './voidPaidStrings';

export default defineTranslation<typeof VOID_PAID_STRINGS>('voidPaid', {
  title: 'Cette facture ne peut pas être annulée',
  body: '{{amount}} a été payé sur cette facture : elle ne peut pas être annulée tant qu’elle porte des paiements. Émettez plutôt un avoir sur toute la facture : il reprend la facture et affiche le remboursement dû au client.',
  title_sale: 'Cette vente ne peut pas être annulée',
  body_sale:
    '{{amount}} a été payé sur cette vente : elle ne peut pas être annulée tant qu’elle porte des paiements. Émettez plutôt un avoir sur toute la vente : il reprend la vente et affiche le remboursement dû au client.',
  creditNote: 'Émettre un avoir',
});
