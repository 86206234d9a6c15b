import { defineTranslation } from '../../i18n/translation';
import type { RAIL_SETTINGS_STRINGS } from './railSettingsStrings';

export default defineTranslation<typeof RAIL_SETTINGS_STRINGS>('railSettings', {
  settingsLabel: 'Njia za kulipa kwenye ukurasa wa ankara',
  settingsHint: 'Wateja wanaziona kwenye kiungo cha ankara yako. Zisizowekwa kwenye seva hii zinafanya kazi katika HALI YA MAJARIBIO.',
  settingsNone: 'Chagua angalau njia moja ya kulipa.',
  card: 'Kadi',
});
