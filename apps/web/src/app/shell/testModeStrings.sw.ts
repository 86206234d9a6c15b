import { defineTranslation } from '../../i18n/translation';
import type { TEST_MODE_STRINGS } from './testModeStrings';

export default defineTranslation<typeof TEST_MODE_STRINGS>('testMode', {
  title: 'Hali ya majaribio',
  body: 'Malipo kwenye seva hii hutumia kadi za majaribio na hayahamishi pesa halisi. Yamewekwa alama TEST kwenye ankara, risiti na ripoti.',
});
