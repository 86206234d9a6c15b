import { type AgingBucket, type CurrencyReport, formatMoney, minorDigits } from '@duka/core';
import { Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useStrings } from '../../../i18n';
import { useExpenseCategory } from '../../../ui/expenseCategory';
import { monthLabel } from '../lib/labels';
import { BarChart, type BarSeries } from './BarChart';
import '../strings';

const INCOME = '#0ca678';
const EXPENSE = '#e8590c';
const CLIENT = '#1c7ed6';
const AGING = ['#fab005', '#f76707', '#e03131', '#a61e4d'];

function ChartCard({ title, hint, children, id }: { title: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={3} size="h5" id={id} mb={hint ? 0 : 'xs'}>
        {title}
      </Title>
      {hint && (
        <Text size="xs" c="dimmed" mb="xs">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table striped withTableBorder fz="sm" captionSide="top">
        <Table.Caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={i ? 'right' : 'left'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              {r.map((cell, j) => (
                <Table.Td key={j} ta={j ? 'right' : 'left'}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A card of names and their amounts (expenses by category, top clients): horizontal bars, or a table; words when empty. */
function AmountsCard(p: {
  id: string;
  title: string;
  nameHead: string;
  labels: string[];
  series: BarSeries[];
  tables: boolean;
  money: (v: number) => string;
  unit: number;
  none: ReactNode;
}) {
  const { t } = useStrings('reports');
  const amounts = p.series[0]?.values ?? [];
  return (
    <ChartCard title={p.title} id={p.id}>
      {!p.labels.length ? (
        p.none
      ) : p.tables ? (
        <SimpleTable caption={p.title} head={[p.nameHead, t('charts.amount')]} rows={p.labels.map((name, i) => [name, p.money(amounts[i] ?? 0)])} />
      ) : (
        <BarChart
          labels={p.labels}
          series={p.series}
          horizontal
          label={t('charts.chartLabel', { title: p.title })}
          format={p.money}
          unit={p.unit}
          height={Math.max(160, p.labels.length * 32)}
        />
      )}
    </ChartCard>
  );
}

/** The four charts of one currency, or the same figures as tables (screen readers, print). */
export function Charts({ report, tables, onAging }: { report: CurrencyReport; tables: boolean; onAging: (bucket: AgingBucket) => void }) {
  const { t } = useStrings('reports');
  const money = (v: number) => formatMoney(v, report.currency);
  const unit = 10 ** minorDigits(report.currency);
  // Nothing earned or spent, nothing owed: words, not an empty chart whose axis counts fractions of a franc (t17 R1).
  const noMonths = report.months.every((m) => !m.income && !m.expenses);
  const nothingOwed = report.aging.every((a) => !a.amount && !a.count);
  const months = useMemo(() => report.months.map((m) => monthLabel(m.month)), [report.months]);
  const monthSeries = useMemo(
    () => [
      { label: t('charts.income'), color: INCOME, values: report.months.map((m) => m.income) },
      { label: t('charts.expenses'), color: EXPENSE, values: report.months.map((m) => m.expenses) },
    ],
    [report.months, t],
  );
  const category = useExpenseCategory();
  const catLabels = useMemo(() => report.categories.map((c) => category.label(c.category)), [report.categories, category]);
  const catSeries = useMemo(() => [{ label: t('charts.expenses'), color: EXPENSE, values: report.categories.map((c) => c.amount) }], [report.categories, t]);
  const clientLabels = useMemo(() => report.top_clients.map((c) => c.name || t('charts.unnamed')), [report.top_clients, t]);
  const clientSeries = useMemo(() => [{ label: t('charts.amount'), color: CLIENT, values: report.top_clients.map((c) => c.amount) }], [report.top_clients, t]);
  const agingLabels = useMemo(() => report.aging.map((a) => t(`charts.buckets.${a.bucket}`)), [report.aging, t]);
  const agingOne = useMemo(() => [{ label: t('charts.amount'), color: AGING, values: report.aging.map((a) => a.amount) }], [report.aging, t]);
  const label = (title: string) => t('charts.chartLabel', { title });
  const none = (
    <Text c="dimmed" size="sm">
      {t('charts.noData')}
    </Text>
  );

  const shared = { tables, money, unit, none };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <ChartCard title={t('charts.incomeExpenses')} id="chart-months">
          {noMonths ? (
            none
          ) : tables ? (
            <SimpleTable
              caption={t('charts.incomeExpenses')}
              head={[t('charts.month'), t('charts.income'), t('charts.expenses')]}
              rows={report.months.map((m, i) => [months[i], money(m.income), money(m.expenses)])}
            />
          ) : (
            <BarChart labels={months} series={monthSeries} label={label(t('charts.incomeExpenses'))} format={money} unit={unit} />
          )}
        </ChartCard>
        <AmountsCard id="chart-categories" title={t('charts.categories')} nameHead={t('charts.category')} labels={catLabels} series={catSeries} {...shared} />
        <AmountsCard id="chart-clients" title={t('charts.topClients')} nameHead={t('charts.client')} labels={clientLabels} series={clientSeries} {...shared} />
        <ChartCard title={t('charts.aging')} hint={nothingOwed ? undefined : t('charts.agingHint')} id="chart-aging">
          {nothingOwed ? (
            <Text c="dimmed" size="sm">
              {t('charts.nothingOwed')}
            </Text>
          ) : tables ? (
            <SimpleTable
              caption={t('charts.aging')}
              head={[t('charts.bucket'), t('charts.count'), t('charts.amount')]}
              rows={report.aging.map((a, i) => [
                a.count ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onAging(a.bucket)}
                    aria-label={t('charts.openBucket', { count: a.count, bucket: agingLabels[i] })}
                  >
                    {agingLabels[i]}
                  </Button>
                ) : (
                  agingLabels[i]
                ),
                a.count,
                money(a.amount),
              ])}
            />
          ) : (
            <>
              <BarChart
                labels={agingLabels}
                series={agingOne}
                label={label(t('charts.aging'))}
                format={money}
                unit={unit}
                onBar={(i) => onAging(report.aging[i]!.bucket)}
                testId="aging-chart"
              />
              {/* The bars as buttons too: keyboard and screen-reader users open a group from here. */}
              <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={4} mt={6}>
                {report.aging.map((a, i) => (
                  <Button
                    key={a.bucket}
                    variant="light"
                    color="gray"
                    size="compact-xs"
                    disabled={!a.count}
                    onClick={() => onAging(a.bucket)}
                    aria-label={t('charts.openBucket', { count: a.count, bucket: agingLabels[i] })}
                  >
                    {agingLabels[i]} ({a.count})
                  </Button>
                ))}
              </SimpleGrid>
            </>
          )}
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
