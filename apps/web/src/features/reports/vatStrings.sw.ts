import { defineTranslation } from '../../i18n/translation';
import type { VAT_STRINGS } from './vatStrings';

export default defineTranslation<typeof VAT_STRINGS>('vat', {
  link: 'Ritani ya VAT',
  title: 'Ritani ya VAT',
  intro: 'Kodi ya mauzo kwenye ankara zilizotolewa katika kipindi, ukiondoa hati za mkopo na kodi ya manunuzi ya matumizi yako.',
  from: 'Kuanzia',
  to: 'Hadi',
  currency: 'Sarafu',
  period: 'Kipindi',
  tax: 'Kodi',
  rate: 'Kiwango',
  taxable: 'Kinachotozwa kodi, baada ya hati za mkopo',
  outputTax: 'Kodi ya mauzo kwenye ankara',
  creditNotes: 'Toa kodi ya hati za mkopo',
  net: 'Kodi halisi ya mauzo',
  basis: 'Kinachotozwa kodi na kodi halisi ya mauzo ni baada ya hati za mkopo; kodi ya mauzo kwenye ankara ni kabla yake.',
  totalOutput: 'Kodi ya mauzo ukiondoa hati za mkopo',
  inputTax: 'Kodi ya manunuzi (matumizi)',
  netPayable: 'VAT halisi ya kulipa',
  netRefund: 'VAT halisi ya kudai',
  counts: 'Ankara {{invoices}}, hati za mkopo {{credits}}, matumizi {{expenses}}',
  none: 'Hakuna kodi iliyotozwa katika kipindi hiki.',
  csv: 'CSV',
  pdf: 'PDF',
  badPeriod: 'Chagua tarehe ya kuanza iliyo kabla au sawa na tarehe ya mwisho.',
});
