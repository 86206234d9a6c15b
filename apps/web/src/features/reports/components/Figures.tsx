import { COUNT_FIGURES, type CurrencyReport, FIGURE_KEYS, type FigureKey, formatMoney, formatNumber } from '@duka/core';
import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useStrings } from '../../../i18n';
import '../strings';

/** Expenses, outstanding and overdue going up is bad news; tax withheld follows sales, neither; the rest going up is good. */
const UP_IS_BAD: ReadonlySet<FigureKey> = new Set(['expenses', 'outstanding', 'overdue']);
const NEUTRAL: ReadonlySet<FigureKey> = new Set(['withheld']);
/** Shown only when there is something in one of the two periods (most shops' clients withhold nothing). */
const ONLY_WHEN_ANY: ReadonlySet<FigureKey> = new Set(['withheld']);

export function figureText(key: FigureKey, value: number, currency: string): string {
  return COUNT_FIGURES.has(key) ? formatNumber(value) : formatMoney(value, currency);
}

/** The period's figures of one currency, each with its change against the previous period. */
export function Figures({ report }: { report: CurrencyReport }) {
  const { t } = useStrings('reports');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="report-figures">
      {FIGURE_KEYS.map((key) => {
        const f = report.figures[key];
        if (ONLY_WHEN_ANY.has(key) && f.value === 0 && f.previous === 0) return null;
        const pct = f.change_pct;
        const change = pct === null ? t('change.new') : pct === 0 ? t('change.same') : t(pct > 0 ? 'change.up' : 'change.down', { pct: Math.abs(pct) });
        const good = pct === null || pct === 0 || NEUTRAL.has(key) ? null : pct > 0 !== UP_IS_BAD.has(key);
        return (
          <Paper key={key} withBorder p="sm" component="section" aria-label={t(`figures.${key}`)} data-figure={key}>
            <Text size="sm" c="dimmed" fw={600}>
              {t(`figures.${key}`)}
            </Text>
            <Text fz={{ base: 18, sm: 22 }} fw={800} style={{ wordBreak: 'break-word' }} data-testid={`figure-${key}`}>
              {figureText(key, f.value, report.currency)}
            </Text>
            <Text size="xs" c={good === null ? 'gray.7' : good ? 'teal.9' : 'red.9'}>
              {change}
              <VisuallyHidden> {t('change.sr', { previous: figureText(key, f.previous, report.currency) })}</VisuallyHidden>
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
