import '../strings';
import '../vatStrings';
import {
  ethiopianMonthName,
  filesByEthiopianMonths,
  vatPresetPeriod,
  CURRENCIES,
  currencyForCountry,
  DEFAULT_CURRENCY,
  formatDate,
  formatMoney,
  PERIOD_PRESETS,
  type PeriodPreset,
  vatReturn,
  vatReturnTable,
  type VatDocument,
} from '@duka/core';
import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useRecords } from '../../../data/sync/hooks';
import { todayForBusiness } from '../../../data/today';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useLanguage, useStrings } from '../../../i18n';
import { downloadCsv, toCsvText } from '../../../ui/csv/file';
import { DateField } from '../../../ui/DateField';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { usePeriod } from '../lib/useReport';
import { VatForeignDetail } from '../components/VatForeignDetail';
import { vatPdfLabels } from '../lib/vatPdfLabels';
import { PAGES } from '../../../paths';

/** An amount never breaks across lines: at 360 px the minus of "-KSh 228.97" wrapped alone (t15a F3). */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** /report/vat: the VAT return for a period from the device's records (works offline), with CSV and PDF (issue 26). */
export default function VatReturnPage() {
  const { t } = useStrings('vat');
  const { t: tr } = useStrings('reports');
  const user = useCurrentUser();
  const language = useLanguage();
  const today = todayForBusiness();
  // The periods Analytics offers (this month, last month…, or custom dates), shown in the app's date format. An
  // Ethiopian business files by Ethiopian months (core vatPresetPeriod): this and last month are those.
  const ethiopian = filesByEthiopianMonths(user?.country);
  const periodState = usePeriod('this_month', (p, day) => vatPresetPeriod(p, day, user?.country));
  const { preset, custom, period } = periodState;
  const from = period?.from ?? custom.from;
  const to = period?.to ?? custom.to;
  const own = parseInvoiceSettings(user).currency ?? (user?.country ? currencyForCountry(user.country) : DEFAULT_CURRENCY);
  const [currency, setCurrency] = useState(own);
  const invoices = useRecords('invoices');
  const expenses = useRecords('expenses');
  const badPeriod = !period;
  // The business's own return counts its invoices in other currencies at their exchange rates (t19 N5).
  const home = currency === own;
  const v = useMemo(
    () =>
      invoices && expenses && !badPeriod
        ? vatReturn(
            invoices as unknown as VatDocument[],
            expenses.map((e) => ({
              id: e.id,
              date: e.date,
              currency: e.currency,
              input_tax: e.input_tax ?? 0,
              amount_pending: e.amount_pending,
              exchange_rate: e.exchange_rate ?? null,
              vendor: e.vendor,
              category: e.category,
            })),
            { from, to },
            currency,
            { home },
          )
        : null,
    [invoices, expenses, from, to, currency, badPeriod, home],
  );
  const m = (n: number) => formatMoney(n, currency, { minor: true });
  // Each rate's figures, shown as a table row or (narrow screens) a card; the labels say each one's basis.
  const rows = (v?.rates ?? []).map((r) => ({
    key: `${r.name}|${r.rate_bps}`,
    label: `${r.name}${r.rate_bps === null ? '' : ` ${r.rate_bps / 100}%`}`,
    cells: [
      ['taxable', m(r.taxable)],
      ['outputTax', m(r.output_tax)],
      ['creditNotes', m(-r.credited_tax)],
      ['net', m(r.net_tax)],
    ] as Array<['taxable' | 'outputTax' | 'creditNotes' | 'net', string]>,
  }));
  const counts = v
    ? t('counts', {
        invoices: t('countInvoices', { count: v.invoice_count }),
        credits: t('countCredits', { count: v.credit_note_count }),
        expenses: t('countExpenses', { count: v.expense_count }),
      })
    : '';

  const pdf = async () => {
    if (!v) return;
    try {
      const { buildVatReturnPdf } = await import('@duka/pdf');
      const labels = vatPdfLabels(t, counts, v.currency);
      const bytes = await buildVatReturnPdf(v, {
        business: { name: user?.company_name || user?.name || '' },
        today,
        language: language === 'fr' || language === 'sw' ? language : 'en',
        labels,
      });
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `vat-return-${from}-${to}-${currency}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <PageHeader title={t('title')} back={PAGES.report} />
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label={t('period')}
          value={preset}
          onChange={(e) => periodState.setPreset(e.currentTarget.value as PeriodPreset)}
          data={PERIOD_PRESETS.map((p) => ({ value: p, label: tr(`presets.${p}`) }))}
          data-testid="vat-period"
        />
        {preset === 'custom' && (
          <>
            {/* In the app's date format (issue 23), typed or chosen on the device's calendar. */}
            <DateField label={t('from')} value={custom.from} onChange={(from) => periodState.setCustom({ ...custom, from })} data-testid="vat-from" />
            <DateField label={t('to')} value={custom.to} onChange={(to) => periodState.setCustom({ ...custom, to })} data-testid="vat-to" />
          </>
        )}
        <NativeSelect label={t('currency')} value={currency} onChange={(e) => setCurrency(e.currentTarget.value)} data={CURRENCIES.map((c) => c.code)} />
      </SimpleGrid>
      {period && (
        <Text size="sm" fw={600} data-testid="vat-period-line">
          {t('periodLine', { from: formatDate(period.from, language), to: formatDate(period.to, language) })}
          {ethiopian && (preset === 'this_month' || preset === 'last_month') && ` · ${t('ethiopianMonth', { month: ethiopianMonthName(period, language) })}`}
        </Text>
      )}
      {badPeriod && (
        <Alert color="red" role="alert">
          {t('badPeriod')}
        </Alert>
      )}
      {v && (
        <>
          <Text size="sm" data-testid="vat-counts">
            {counts}
          </Text>
          <Card withBorder padding="xs">
            {v.rates.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('none')}
              </Text>
            ) : (
              <>
                {/* From 576 px: a table. Narrower (a phone at 360 px): one card per rate, nothing scrolls sideways. */}
                <Table fz="sm" data-testid="vat-rates" visibleFrom="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('tax')}</Table.Th>
                      <Table.Th ta="right">{t('taxable')}</Table.Th>
                      <Table.Th ta="right">{t('outputTax')}</Table.Th>
                      <Table.Th ta="right">{t('creditNotes')}</Table.Th>
                      <Table.Th ta="right">{t('net')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={r.key}>
                        <Table.Td>{r.label}</Table.Td>
                        {r.cells.map(([k, value]) => (
                          <Table.Td key={k} ta="right" style={ONE_LINE}>
                            {value}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Stack gap="xs" hiddenFrom="xs" data-testid="vat-rate-cards">
                  {rows.map((r) => (
                    <Stack key={r.key} gap={2} data-testid="vat-rate-card">
                      <Text fw={700} size="sm">
                        {r.label}
                      </Text>
                      {r.cells.map(([k, value]) => (
                        <Group key={k} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                          <Text size="sm" c="dimmed">
                            {t(k)}
                          </Text>
                          <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }} fw={k === 'net' ? 700 : 400}>
                            {value}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  ))}
                </Stack>
                <Text size="xs" c="dimmed" mt="xs" data-testid="vat-basis">
                  {t('basis')}
                </Text>
              </>
            )}
          </Card>
          <VatForeignDetail v={v} />
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text>{t('totalOutput')}</Text>
              <Text data-testid="vat-output" style={ONE_LINE}>
                {m(v.net_output_tax)}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text>{t('inputTax')}</Text>
              <Text data-testid="vat-input" style={ONE_LINE}>
                {m(-v.input_tax)}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{v.net_payable < 0 ? t('netRefund') : t('netPayable')}</Text>
              <Text fw={700} data-testid="vat-net" data-minor={v.net_payable} style={ONE_LINE}>
                {m(Math.abs(v.net_payable))}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            <Button variant="light" onClick={() => downloadCsv(`vat-return-${from}-${to}-${currency}.csv`, toCsvText(vatReturnTable(v)))}>
              {t('csv')}
            </Button>
            <Button variant="light" onClick={() => void pdf()}>
              {t('pdf')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
