import { defineTranslation } from '../../i18n/translation';
import type { INVOICE_CONFLICT_STRINGS } from './invoiceConflictStrings';

export default defineTranslation<typeof INVOICE_CONFLICT_STRINGS>('invoiceConflict', {
  title: 'Imebadilishwa kwenye kifaa kingine',
  body: 'Uhifadhi wa baadaye ulibadilisha baadhi ya thamani za ankara hii: badiliko lililofanywa wakati huo huo kwenye kifaa kingine, au badiliko baada ya malipo. Uhifadhi wa mwisho umebaki; thamani zilizobadilishwa ziko hapa chini ili kisipotee chochote.',
  line: '{{quantity}} × {{description}} kwa {{price}}',
  lines: 'Mistari',
  client: 'Mteja',
  otherClient: 'Mteja mwingine',
  discount: 'Punguzo',
  total: 'Jumla',
  notes: 'Maelezo',
  terms: 'Masharti',
  instructions: 'Maelekezo ya malipo',
  issueDate: 'Tarehe',
  dueDate: 'Tarehe ya mwisho',
  none: 'Hakuna',
  askTitle: 'Imebadilishwa kwenye kifaa kingine ulipokuwa ukihariri',
  askBody:
    'Ankara hii ilihifadhiwa kwenye kifaa kingine baada ya wewe kuifungua. Mabadiliko yake mengine yamehifadhiwa pamoja na yako; haya yalibadilishwa pande zote mbili: chagua yapi ya kubaki.',
  askBody_quote:
    'Nukuu hii ilihifadhiwa kwenye kifaa kingine baada ya wewe kuifungua. Mabadiliko yake mengine yamehifadhiwa pamoja na yako; haya yalibadilishwa pande zote mbili: chagua yapi ya kubaki.',
  theirs: 'Kwenye kifaa kingine',
  yours: 'Yako',
  removed: 'Imeondolewa',
  keepTheirs: 'Baki na ya kifaa kingine',
  useMine: 'Tumia yangu',
  merged: 'Imehifadhiwa, pamoja na mabadiliko yaliyofanywa kwenye kifaa kingine wakati huo',
  fees: 'Kodi na ada',
  currency: 'Sarafu',
  partPayments: 'Malipo ya sehemu',
  partOn: 'Ndiyo',
  partOff: 'Hapana',
  partDefault: 'Kama kwenye mipangilio yako',
  rate: 'Kiwango cha ubadilishaji',
});
