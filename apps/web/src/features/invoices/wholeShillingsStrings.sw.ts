import { defineTranslation } from '../../i18n/translation';
import type { WHOLE_SHILLINGS_STRINGS } from './wholeShillingsStrings';

export default defineTranslation<typeof WHOLE_SHILLINGS_STRINGS>('wholeShillings', {
  title: '{{rails}}: shilingi kamili tu',
  body: 'Salio, {{balance}}, lina senti, kwa hiyo mteja wako hawezi kulipa kwa {{rails}}. Lishushe hadi {{rounded}}: punguzo la {{cents}} linatolewa kwenye bei, na VAT inahesabiwa kwa bei iliyopunguzwa.',
  round: 'Shusha hadi {{rounded}}',
  rounded: 'Imeshushwa hadi {{rounded}}',
  locked:
    'Salio, {{balance}}, lina senti, kwa hiyo mteja wako hawezi kulipa kwa {{rails}}. Ankara imesainiwa na KRA na haiwezi kubadilishwa: mteja wako anaweza kulipa kwa njia nyingine, kama pesa taslimu.',
  lockedTest:
    'Salio, {{balance}}, lina senti, kwa hiyo mteja wako hawezi kulipa kwa {{rails}}. Ankara imesainiwa katika HALI YA MAJARIBIO (haijatumwa KRA) na haiwezi kubadilishwa: mteja wako anaweza kulipa kwa njia nyingine, kama pesa taslimu.',
  roundAndFinish: 'Shusha hadi {{rounded}} na umalize',
  finishAsIs: 'Maliza kwa {{balance}}',
});
