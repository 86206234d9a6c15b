import { defineTranslation } from '../i18n/translation';
import type { UI_APP_STRINGS } from './appStrings';
import type { UI_STRINGS } from './strings';

export default defineTranslation<typeof UI_STRINGS & typeof UI_APP_STRINGS>('ui', {
  country: {
    title: 'Chagua Nchi',
    search: 'Tafuta nchi',
    searchPlaceholder: 'Andika jina la nchi',
    none: 'Hakuna nchi inayolingana na “{{q}}”',
  },
  deleteAccount: {
    title: 'Futa Akaunti',
    text: 'Kumbuka: hii itafuta data yako yote kwenye Duka milele. Una uhakika unataka kufanya hivi?',
    cancel: 'Ghairi',
    confirm: 'Futa',
    unsynced_one: 'Badiliko {{count}} kwenye kifaa hiki bado halijafika kwenye seva. Ukifuta akaunti yako, litafutika pia.',
    unsynced_other: 'Mabadiliko {{count}} kwenye kifaa hiki bado hayajafika kwenye seva. Ukifuta akaunti yako, yatafutika pia.',
    stay: 'Baki',
    anyway: 'Futa hata hivyo',
  },
  errors: {
    offline: 'Inaonekana huna mtandao. Unganisha intaneti kisha ujaribu tena.',
    timeout: 'Seva imechukua muda mrefu kujibu. Tafadhali jaribu tena.',
    generic: 'Kuna tatizo limetokea upande wetu. Tafadhali jaribu tena.',
    quota: {
      mail_account: 'Akaunti yako imetuma barua pepe nyingi zaidi zinazoruhusiwa leo. Jaribu tena kesho; mipango ya kulipia hutuma zaidi.',
      mail_recipient: 'Anwani hii imepokea barua pepe nyingi zaidi tunazotuma kwa anwani moja kwa siku. Jaribu tena kesho.',
      sms_account: 'Akaunti yako imetuma SMS nyingi zaidi zinazoruhusiwa leo. Jaribu tena kesho; mipango ya kulipia hutuma zaidi.',
      sms_recipient: 'Namba hii imepokea SMS nyingi zaidi tunazotuma kwa namba moja kwa siku. Jaribu tena kesho.',
      mpesa_invoice: 'Ankara hii imepata maombi mengi mno ya M-Pesa. Tafadhali jaribu tena {{wait}}, au lipa kwa njia nyingine.',
      mpesa_phone: 'Namba hii ya simu imepata maombi mengi mno ya M-Pesa. Tafadhali jaribu tena {{wait}}, au lipa kwa njia nyingine.',
      rail_invoice: 'Ankara hii imepata maombi mengi mno ya malipo. Tafadhali jaribu tena {{wait}}, au lipa kwa njia nyingine.',
      rail_phone: 'Namba hii ya simu imepata maombi mengi mno ya malipo. Tafadhali jaribu tena {{wait}}, au lipa kwa njia nyingine.',
    },
    wait: {
      minutes_one: 'baada ya dakika moja',
      minutes_other: 'baada ya dakika {{count}}',
      hours_one: 'baada ya saa moja',
      hours_other: 'baada ya saa {{count}}',
      unknown: 'baada ya dakika chache',
    },
  },
  draft: {
    restored: 'Ulichoandika hapa tarehe {{when}} kimehifadhiwa kwenye kifaa hiki. Kihifadhi kikiwa tayari.',
    kept: 'Bado hakijahifadhiwa: unachoandika kinawekwa kwenye kifaa hiki hadi ukihifadhi au ukiache.',
    discard: 'Futa rasimu',
    keep: 'Ibaki',
    confirmTitle: 'Futa rasimu hii?',
    confirmText: 'Ulichoandika tangu uhifadhi mara ya mwisho kitaondolewa kwenye kifaa hiki. Hili haliwezi kutenduliwa.',
    logout_one: 'Fomu {{count}} uliyoanza kwenye kifaa hiki haijahifadhiwa. Kutoka kunaifuta.',
    logout_other: 'Fomu {{count}} ulizoanza kwenye kifaa hiki hazijahifadhiwa. Kutoka kunazifuta.',
  },
  close: 'Funga',
  back: 'Rudi',
  loading: 'Inapakia',
  or: 'au',
  expenseCategory: {
    rent: 'Kodi ya nyumba',
    stock: 'Bidhaa / Stoku',
    transport: 'Usafiri',
    salaries: 'Mishahara',
    utilities: 'Maji na umeme',
    airtime: 'Muda wa maongezi na data',
    marketing: 'Matangazo',
    equipment: 'Vifaa',
    taxes: 'Ushuru',
    other: 'Nyingine',
  },
  dateField: {
    hint: 'Iandike kama {{example}}',
    invalid: 'Andika tarehe kama {{example}}, au uichague kwenye kalenda',
    calendar: 'Chagua {{label}} kwenye kalenda',
  },
  step: {
    less: 'Punguza: {{name}}',
    more: 'Ongeza: {{name}}',
  },
});
