import './cashUpStrings';
import { type CashUpCurrency, cashUpOf, formatDate, formatMoney, invoiceDefaults } from '@duka/core';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../data/api';
import { useLocal, useRecords } from '../../data/sync/hooks';
import { getCurrentUser } from '../../data/user';
import { todayForBusiness } from '../../data/today';
import { useLanguage, useStrings } from '../../i18n';
import { DateField } from '../../ui/DateField';
import { PageHeader } from '../../ui/PageHeader';
import { PAGES } from '../../paths';
import { methodLabel } from './methodLabel';
import { savedPrinter } from './printer';
import { PRINT_CSS } from './SaleReceipt';
import { sendTills, takeServerTills, tillsOf } from './till';
import { TillForm } from './TillForm';

/** An amount never breaks across lines (360 px). */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

function Row({ label, value, sub, strong, testId }: { label: string; value: string; sub?: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" data-testid={testId}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={strong ? 700 : undefined} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        {sub && (
          <Text size="xs" c="dimmed">
            {sub}
          </Text>
        )}
      </div>
      <Text size="sm" fw={strong ? 700 : undefined} style={ONE_LINE}>
        {value}
      </Text>
    </Group>
  );
}

/** One currency's till figures: sales, money in by method, refunds out, and the cash the drawer should hold. */
function CurrencyCashUp({ c }: { c: CashUpCurrency }) {
  const { t } = useStrings('cashUp');
  const m = (n: number) => formatMoney(n, c.currency, { minor: true });
  const received = c.methods.filter((x) => x.received_count > 0);
  const refunded = c.methods.filter((x) => x.refunded_count > 0);
  return (
    <Stack gap={6} data-testid="cash-up-currency">
      <Row label={t('salesTotal')} sub={t('sales', { count: c.sale_count })} value={m(c.sales_total)} testId="cash-up-sales" />
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt={4}>
        {t('received')}
      </Text>
      {received.map((x) => (
        <Row
          key={x.method}
          label={methodLabel(x.method, t)}
          sub={t('payments', { count: x.received_count })}
          value={m(x.received)}
          testId={`cash-up-in-${x.method}`}
        />
      ))}
      <Row label={t('received')} value={m(c.received_total)} strong testId="cash-up-received" />
      {refunded.length > 0 && (
        <>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt={4}>
            {t('refunds')}
          </Text>
          {refunded.map((x) => (
            <Row
              key={x.method}
              label={methodLabel(x.method, t)}
              sub={t('refundCount', { count: x.refunded_count })}
              value={m(x.refunded)}
              testId={`cash-up-out-${x.method}`}
            />
          ))}
          <Row label={t('refunds')} value={m(c.refunded_total)} strong testId="cash-up-refunds" />
          <Row label={t('net')} value={m(c.net_total)} strong testId="cash-up-net" />
        </>
      )}
      <Paper withBorder p="xs" radius="sm" mt={6}>
        <Stack gap={4}>
          <Row label={t('openingFloat')} value={m(c.opening_float)} testId="cash-up-float" />
          <Row label={t('cashExpected')} sub={t('cashHint')} value={m(c.cash_expected)} strong testId="cash-up-cash" />
          <Row label={t('counted')} value={c.counted === null ? t('notCounted') : m(c.counted)} testId="cash-up-counted" />
          {c.difference !== null && (
            <Row
              label={c.difference > 0 ? t('over') : c.difference < 0 ? t('short') : t('exact')}
              value={c.difference > 0 ? `+${m(c.difference)}` : m(c.difference)}
              strong
              testId="cash-up-difference"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * /sell/cash-up: the end-of-day cash-up (t21 P4) for a day (today in the business's time zone by default), from the
 * device's records so it works offline at the till: the server's GET /api/reports/cash-up gives the same figures
 * (core cashUpOf). Printable on the receipt roll like a receipt.
 */
export default function CashUpPage() {
  const { t } = useStrings('cashUp');
  const language = useLanguage();
  const today = todayForBusiness();
  const [day, setDay] = useState(today);
  const invoices = useRecords('invoices');
  const tills = useLocal(() => tillsOf(day), [day]);
  const cashUp = useMemo(() => (invoices && tills ? cashUpOf(invoices, day, undefined, tills) : null), [invoices, tills, day]);
  // Online: send this device's tills, then take the day's from the server (another device's float or count).
  useEffect(() => {
    let live = true;
    void (async () => {
      await sendTills();
      const server = await api('GET /reports/cash-up', { query: { date: day } });
      if (live) await takeServerTills(server);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [day]);
  const businessCurrency = invoiceDefaults(getCurrentUser()?.invoice_settings ?? null).currency;
  const tillCurrencies = cashUp ? [...new Set([businessCurrency, ...cashUp.currencies.map((c) => c.currency)])] : [];
  const width = savedPrinter().width;
  const date = formatDate(day, language);
  return (
    <Stack gap="sm" style={{ maxWidth: 480, marginInline: 'auto' }}>
      <style>{PRINT_CSS(width)}</style>
      <PageHeader title={t('title')} back={PAGES.sell} />
      <DateField label={t('day')} value={day} max={today} onChange={(d) => setDay(d && d <= today ? d : today)} data-testid="cash-up-day" />
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {tills &&
        tillCurrencies.map((cur) => {
          const till = tills.find((x) => x.currency === cur);
          return <TillForm key={`${day}:${cur}`} day={day} currency={cur} till={till} />;
        })}
      {cashUp && !cashUp.currencies.length && (
        <Stack gap="xs" align="flex-start" data-testid="cash-up-empty">
          <Text>{t('empty', { date })}</Text>
          <Button component={Link} to={PAGES.sell} variant="light">
            {t('backToSell')}
          </Button>
        </Stack>
      )}
      {cashUp && cashUp.currencies.length > 0 && (
        <>
          <Paper withBorder p="sm" radius="md" className="duka-receipt" data-testid="cash-up" aria-label={t('printedTitle', { date })}>
            <Stack gap="sm">
              <Text fw={700} component="h2" m={0} size="md">
                {t('printedTitle', { date })}
              </Text>
              {cashUp.currencies.map((c) => (
                <CurrencyCashUp key={c.currency} c={c} />
              ))}
            </Stack>
          </Paper>
          <Button variant="default" onClick={() => window.print()} style={{ alignSelf: 'flex-start' }}>
            {t('print')}
          </Button>
        </>
      )}
    </Stack>
  );
}
