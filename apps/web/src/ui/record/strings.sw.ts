import { defineTranslation } from '../../i18n/translation';
import type { RECORD_STRINGS } from './strings';

export default defineTranslation<typeof RECORD_STRINGS>('record', {
  confirm: {
    cancel: 'Ghairi',
    delete: 'Futa',
  },
  conflict: {
    title: 'Imebadilishwa kwenye kifaa kingine',
    body: 'Hiki kilibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    body_contacts:
      'Mteja huyu alibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    body_notes:
      'Dokezo hili lilibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    body_expenses:
      'Gharama hii ilibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    body_catalogs:
      'Bidhaa hii ilibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    body_fees:
      'Kodi au ada hii ilibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    body_invoices:
      'Ankara hii ilibadilishwa pia kwenye kifaa kingine. Badiliko la mwisho ndilo lililobaki; taarifa za awali ziko hapa chini ili usipoteze chochote ulichoandika.',
    offline: 'Unganisha intaneti ili uone taarifa za awali.',
    replaced: 'Zilibadilishwa {{date}}',
    use: 'Tumia taarifa hizi',
    loading: 'Inapakia taarifa za awali',
  },
});
