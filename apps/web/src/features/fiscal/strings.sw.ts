import { defineTranslation } from '../../i18n/translation';
import type { FISCAL_STRINGS } from './strings';

export default defineTranslation<typeof FISCAL_STRINGS>('fiscal', {
  awaiting: 'Inasubiri KRA',
  awaitingBody: 'Bado si ankara ya kodi. Duka itaituma KRA yenyewe; unaweza kuishiriki kwa sasa.',
  awaitingRetry: 'KRA haikujibu mara ya mwisho ({{message}}). Duka itajaribu tena yenyewe.',
  fiscalised: 'Imesajiliwa na KRA',
  refused: 'KRA imekataa ankara hii',
  whatToFix: 'Cha kurekebisha: {{fix}}',
  sendAgain: 'Tuma KRA tena',
  sentAgain: 'Imetumwa KRA tena',
  testMode: 'MAJARIBIO — SI ANKARA YA KODI',
  testModeBody: 'Bado hakuna mipangilio ya eTIMS: Duka inasaini kwa HALI YA MAJARIBIO. Weka mipangilio yako ya KRA eTIMS ili kutoa ankara za kodi.',
  controlUnit: 'Kifaa cha udhibiti',
  fiscalNumber: 'Namba ya kodi',
  receipt: 'Risiti',
  internalData: 'Data ya ndani',
  signature: 'Sahihi',
  dateTime: 'Tarehe na saa',
});
