import { defineTranslation } from '../../i18n/translation';
import type { RAIL_PHONE_STRINGS } from './railPhoneStrings';

export default defineTranslation<typeof RAIL_PHONE_STRINGS>('railPhone', {
  phoneLabel: 'Nambari ya simu ya {{rail}}',
  phoneHint: 'Kwa mfano {{example}}. Utapokea ombi kwenye simu hii ili kuidhinisha malipo.',
  phoneInvalid: 'Weka nambari yako ya {{rail}} ({{country}}), kwa mfano {{example}}',
  networkLabel: 'Mtandao',
  networkPick: 'Chagua mtandao wako',
  send: 'Tuma ombi kwenye simu yangu',
  checkPhone: 'Angalia simu yako',
  checkPhoneBody: 'Idhinisha ombi la {{rail}} kwenye simu yako ili kulipa {{amount}}. Ukurasa huu utajisasisha wenyewe.',
  openTestPhone: 'Fungua simu ya majaribio (HALI YA MAJARIBIO)',
  networkHint: 'Nambari hii inaonekana kuwa ya {{network}} — hakikisha mtandao.',
});
