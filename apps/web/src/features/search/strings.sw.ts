import { defineTranslation } from '../../i18n/translation';
import type { SEARCH_STRINGS } from './strings';

export default defineTranslation<typeof SEARCH_STRINGS>('search', {
  title: 'Tafuta',
  label: 'Tafuta kila kitu',
  placeholder: 'Wateja, ankara, madokezo, gharama, bidhaa…',
  hint: 'Tafuta wateja, ankara, madokezo, gharama na bidhaa zako kwenye kifaa hiki. Inafanya kazi bila mtandao.',
  none: 'Hakuna kinacholingana na “{{q}}”',
  loading: 'Inapakia kumbukumbu zako',
  results_one: 'Tokeo {{count}}',
  results_other: 'Matokeo {{count}}',
  more: 'Mengine {{count}} — ongeza maneno ya kutafuta',
  group: {
    contacts: 'Wateja',
    invoices: 'Ankara',
    notes: 'Madokezo',
    expenses: 'Matumizi',
    catalogs: 'Bidhaa',
  },
});
