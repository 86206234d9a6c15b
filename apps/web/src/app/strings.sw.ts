import { defineTranslation } from '../i18n/translation';
import type { COMMON_STRINGS } from './strings';

export default defineTranslation<typeof COMMON_STRINGS>('common', {
  routeErrorTitle: 'Ukurasa huu haukuweza kufunguka',
  routeErrorText: 'Huenda programu imesasishwa, au mtandao ulikatika wakati wa kupakia. Hakuna ulichohifadhi kilichopotea.',
  reload: 'Pakia upya',
  goBack: 'Rudi nyuma',
  dismiss: 'Funga dirisha',
  togglePassword: 'Onyesha au ficha nenosiri',
});
