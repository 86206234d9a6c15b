import { defineTranslation } from '../../i18n/translation';
import type { TEST_MODE_STRINGS } from './testModeStrings';

export default defineTranslation<typeof TEST_MODE_STRINGS>('testMode', {
  title: 'Mode test',
  body: "Les paiements sur ce serveur utilisent des cartes de test et ne déplacent pas d'argent réel. Ils sont marqués TEST sur les factures, les reçus et les rapports.",
});
