import { type AgingBucket, formatDate, PERIOD_PRESETS, type PeriodPreset } from '@duka/core';
import { Button, Center, Group, Loader, NativeSelect, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { AgingModal } from '../components/AgingModal';
import { Charts } from '../components/Charts';
import { CsvMenu } from '../../../ui/csv/CsvMenu';
import { Figures } from '../components/Figures';
import { useDeviceReport, usePeriod } from '../lib/useReport';
import classes from './Report.module.css';
import '../strings';
import '../vatStrings';
import { PAGES } from '../../../paths';

/** /report 'Analytics': figures and charts computed on this device from the local records (offline, at once). */
export default function ReportPage() {
  const { t } = useStrings('reports');
  const { t: tv } = useStrings('vat');
  const user = useCurrentUser();
  const periodState = usePeriod();
  const { preset, custom, period, error } = periodState;
  const report = useDeviceReport(period);
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const [tables, setTables] = useState(false);
  const [bucket, setBucket] = useState<AgingBucket | null>(null);

  const currencies = report?.currencies.map((c) => c.currency) ?? [];
  const preferred = parseInvoiceSettings(user).currency;
  const currency =
    chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : preferred && currencies.includes(preferred) ? preferred : currencies[0];
  const current = report?.currencies.find((c) => c.currency === currency);

  return (
    <>
      <div className={classes.noPrint}>
        <PageHeader
          title={t('title')}
          right={
            // Wraps under the title when the words are long (French "Déclaration de TVA · CSV · Imprimer" was 401 px, t20 C1).
            <Group gap="xs" wrap="wrap" justify="flex-end">
              <Button variant="subtle" size="sm" component={Link} to={PAGES.vatReturn} data-testid="vat-link">
                {tv('link')}
              </Button>
              <CsvMenu />
              <Button variant="light" size="sm" onClick={() => window.print()} disabled={!current} aria-label={t('print')} title={t('print')}>
                {t('printShort')}
              </Button>
            </Group>
          }
        />
      </div>
      <div className={classes.printOnly}>
        <Title order={1} size="h3">
          {t('printTitle', { company: user?.company_name || user?.name || '', from: report?.from ?? '', to: report?.to ?? '' })}
        </Title>
      </div>
      <Stack gap="md">
        <Group gap="sm" align="flex-end" className={classes.noPrint} wrap="wrap">
          <NativeSelect
            label={t('period')}
            value={preset}
            onChange={(e) => periodState.setPreset(e.currentTarget.value as PeriodPreset)}
            data={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
            w={{ base: '100%', xs: 180 }}
          />
          {preset === 'custom' && (
            <>
              <TextInput
                type="date"
                label={t('from')}
                value={custom.from}
                onChange={(e) => periodState.setCustom({ ...custom, from: e.currentTarget.value })}
                w={{ base: '47%', xs: 170 }}
              />
              <TextInput
                type="date"
                label={t('to')}
                value={custom.to}
                onChange={(e) => periodState.setCustom({ ...custom, to: e.currentTarget.value })}
                error={error ?? undefined}
                w={{ base: '47%', xs: 170 }}
              />
            </>
          )}
          {currencies.length > 1 && (
            <NativeSelect
              label={t('currency')}
              value={currency}
              onChange={(e) => setCurrency(e.currentTarget.value)}
              data={currencies}
              w={{ base: '100%', xs: 120 }}
            />
          )}
        </Group>

        {period && !report && (
          <Center py="xl">
            <Loader role="status" aria-label={t('loading')} />
          </Center>
        )}
        {report && !current && <EmptyState title={t('emptyTitle')}>{t('emptyBody')}</EmptyState>}
        {report && current && (
          <>
            <div>
              <Text size="sm" fw={600} data-testid="report-period">
                {t('periodLine', {
                  from: formatDate(report.from),
                  to: formatDate(report.to),
                  prevFrom: formatDate(report.previous.from),
                  prevTo: formatDate(report.previous.to),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('asOf', { date: formatDate(report.as_of) })} · {t('offlineNote')}
              </Text>
            </div>
            <Figures report={current} />
            <Group justify="space-between" className={classes.noPrint}>
              <Title order={2} size="h4">
                {t('charts.section')}
              </Title>
              <Switch label={t('charts.showTables')} checked={tables} onChange={(e) => setTables(e.currentTarget.checked)} />
            </Group>
            <Charts report={current} tables={tables} onAging={setBucket} />
            <AgingModal
              bucket={bucket}
              invoices={current.aging.find((a) => a.bucket === bucket)?.invoices ?? []}
              currency={current.currency}
              onClose={() => setBucket(null)}
            />
          </>
        )}
      </Stack>
    </>
  );
}
