import { defineTranslation } from '../../i18n/translation';
import type { VAT_STRINGS } from './vatStrings';

export default defineTranslation<typeof VAT_STRINGS>('vat', {
  link: 'Déclaration de TVA',
  title: 'Déclaration de TVA',
  intro: 'TVA collectée sur les factures émises dans la période, moins les avoirs, moins la TVA déductible de vos dépenses.',
  from: 'Du',
  to: 'Au',
  currency: 'Devise',
  period: 'Période',
  tax: 'Taxe',
  rate: 'Taux',
  taxable: 'Base imposable, après avoirs',
  outputTax: 'TVA collectée sur factures',
  creditNotes: 'Moins TVA des avoirs',
  net: 'TVA collectée nette',
  basis: 'La base imposable et la TVA collectée nette sont après avoirs ; la TVA collectée sur factures est avant avoirs.',
  totalOutput: 'TVA collectée moins avoirs',
  inputTax: 'TVA déductible (dépenses)',
  netPayable: 'TVA nette à payer',
  netRefund: 'Crédit de TVA',
  counts: '{{invoices}} factures, {{credits}} avoirs, {{expenses}} dépenses',
  none: 'Aucune taxe facturée dans cette période.',
  csv: 'CSV',
  pdf: 'PDF',
  badPeriod: 'Choisissez une date de début antérieure ou égale à la date de fin.',
});
