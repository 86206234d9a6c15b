import { defineTranslation } from '../../i18n/translation';
import type { CATALOG_STRINGS } from './strings';

export default defineTranslation<typeof CATALOG_STRINGS>('catalog', {
  title: 'Orodha ya bidhaa',
  add: 'Ongeza bidhaa',
  search: 'Tafuta kwenye orodha',
  searchPlaceholder: 'Tafuta kwa jina, SKU au maelezo',
  emptyTitle: 'Orodha yako ya bidhaa haina kitu',
  emptyBody: 'Ongeza bidhaa na huduma unazouza pamoja na bei zake, ili ujaze ankara haraka.',
  noMatch: 'Hakuna bidhaa inayolingana na “{{q}}”',
  loading: 'Inapakia orodha ya bidhaa',
  inactive: 'Haitumiki',
  perUnit: '{{price}} / {{unit}}',
  showInactive: 'Onyesha bidhaa zisizotumika',
  form: {
    newTitle: 'Bidhaa mpya',
    editTitle: 'Hariri bidhaa',
    name: 'Jina',
    description: 'Maelezo',
    price: 'Bei ya kimoja',
    unit: 'Kipimo',
    unitHint: 'mfano kipande, kilo, saa',
    sku: 'SKU',
    active: 'Inatumika (inapatikana kwenye ankara mpya)',
    save: 'Hifadhi',
    cancel: 'Ghairi',
    delete: 'Futa',
    deleteTitle: 'Futa bidhaa',
    deleteText: 'Ufute {{name}} kwenye orodha yako? Ankara ambazo tayari zinaitumia hazitabadilika.',
    saved: 'Bidhaa imehifadhiwa',
    deleted: 'Bidhaa imefutwa',
  },
});
