import { defineTranslation } from '../i18n/translation';
import type { CUSTOMER_MODAL_STRINGS } from './customerModalStrings';

export default defineTranslation<typeof CUSTOMER_MODAL_STRINGS>('customerModal', {
  title: 'Chagua Mteja',
  search: 'Tafuta wateja',
  searchPlaceholder: 'Andika jina la mteja',
  none: 'Hakuna mteja anayelingana na “{{q}}”',
  empty: 'Bado huna wateja. Ongeza wa kwanza kwa kitufe cha +.',
  chosen: 'amechaguliwa',
  add: 'Ongeza mteja mpya',
  close: 'Funga',
  more: 'Inaonyesha {{shown}} kati ya {{total}}. Andika ili kupunguza orodha.',
  loading: 'Inapakia wateja',
});
