import { defineTranslation } from '../../i18n/translation';
import type { PAY_AMOUNT_STRINGS } from './payAmountStrings';

export default defineTranslation<typeof PAY_AMOUNT_STRINGS>('payAmount', {
  label: 'Montant à payer',
  hint: 'Vous pouvez payer une partie du solde : au moins {{min}}, au plus {{balance}}.',
  tooLittle: 'Payez au moins {{min}}.',
  tooMuch: 'Vous ne pouvez pas payer plus que le solde, {{balance}}.',
  required: 'Saisissez le montant à payer.',
  wholeShillings: '{{rail}} : shillings entiers uniquement. Saisissez un montant sans centimes.',
  wholeShillingsOnly:
    '{{rail}} : shillings entiers seulement, et ce solde a des centimes. Payez autrement, ou demandez à l’entreprise d’arrondir la facture au shilling.',
  walletMax: '{{rail}} : au plus {{max}} par paiement. Payez {{max}} ou moins ainsi, et le reste en un autre paiement.',
  walletMaxOnly: '{{rail}} : au plus {{max}} par paiement, moins que ce solde. Payez autrement, ou demandez à l’entreprise d’accepter les paiements partiels.',
  walletMaxUse: 'Payer {{max}} maintenant',
});
