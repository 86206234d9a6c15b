import '../strings';
import { type DisplayStatus, formatMoney, type InvoiceKind, showsMinorUnits } from '@duka/core';
import { Button, Card, Center, Chip, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { useStatusLabel } from '../statusLabel';
import { EmptyState } from '../../../ui/EmptyState';
import { CsvMenu } from '../../../ui/csv/CsvMenu';
import { LIST_CSV } from '../../../ui/csv/lists';
import { PageHeader } from '../../../ui/PageHeader';
import { InvoiceList } from '../components/InvoiceList';
import { useInvoiceRows } from '../lib/data';
import { filterRows, summarise } from '../lib/list';
import { todayForBusiness } from '../../../data/today';
import { syncEngine } from '../../../data/sync/engine';
import { prefetchWhenIdle } from '../../../boot/prefetch';
import { OrderBox } from '../components/OrderBox';
import { PAGES, pagePaths } from '../../../paths';

const CHIPS: Array<DisplayStatus | 'all'> = ['all', 'draft', 'ready', 'sent', 'partially_paid', 'paid', 'overdue', 'void'];
const QUOTE_CHIPS: Array<DisplayStatus | 'all'> = ['all', 'draft', 'ready', 'sent', 'converted', 'void'];

/**
 * Loads the code of the editor, the invoice view and the PDF maker ahead, so a shop owner who loses signal right
 * after opening the app can still create an invoice and see its PDF (the service worker only installs later) —
 * only when the link is idle and fast (never competing with the first sync). Sets window.__dukaInvoicesWarm when done.
 */
function warmOfflineCode(): () => void {
  return prefetchWhenIdle(
    () =>
      void Promise.all([import('./NewInvoicePage'), import('./InvoiceViewPage'), import('@duka/pdf').then((m) => m.loadPdfEngine())]).then(
        () => ((window as unknown as { __dukaInvoicesWarm?: boolean }).__dukaInvoicesWarm = true),
        () => undefined,
      ),
  );
}

/** /tabs/invoice: invoices (or quotes) with status chips, totals and search. */
export default function InvoicesTab() {
  const { t } = useStrings('invoices');
  const statusLabel = useStatusLabel();
  useEffect(() => warmOfflineCode(), []);
  // On the first sync, this tab's first page comes in its own small request, ahead of the rest (issue 30).
  useEffect(() => void syncEngine.firstPage('invoices').catch(() => undefined), []);
  const rows = useInvoiceRows();
  const [kind, setKind] = useState<InvoiceKind>('invoice');
  const [status, setStatus] = useState<DisplayStatus | 'all'>('all');
  const [query, setQuery] = useState('');
  const filtered = useMemo(
    () => (rows ? filterRows(rows, { kind, query, statuses: status === 'all' ? undefined : [status] }) : []),
    [rows, kind, query, status],
  );
  const summary = useMemo(() => (rows ? summarise(rows, todayForBusiness()) : null), [rows]);
  // The three figures are read together: once one has pesewas or cents, all show them (core's rule; t17 G5: "Overdue ₵0"
  // beside "Outstanding ₵4,501.81").
  const sumMinor = !!summary?.currency && showsMinorUnits([summary.outstanding, summary.overdue, summary.paidThisMonth], summary.currency);
  const sumMoney = (v: number) => formatMoney(v, summary?.currency ?? '', { minor: sumMinor });
  const ofKind = rows ? filterRows(rows, { kind }).length : 0;

  return (
    <Stack gap="sm">
      <PageHeader
        title={kind === 'quote' ? t('quotesTitle') : t('tabTitle')}
        right={
          <>
            <CsvMenu what={kind === 'quote' ? t('quotesTitle') : t('tabTitle')} {...LIST_CSV.invoices} />
            <Button component={Link} to={pagePaths.newInvoice(kind === 'quote' ? { kind } : undefined)}>
              {kind === 'quote' ? t('newQuote') : t('newInvoice')}
            </Button>
          </>
        }
      />
      {/* An order in words → a draft invoice, read on this device (issue 29). */}
      {kind === 'invoice' && <OrderBox />}
      {/* Invoice figures (outstanding, overdue, paid) mean nothing for quotes (issue 14). */}
      {summary?.currency && kind === 'invoice' && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={6}>
          <Stat label={t('outstanding')} value={sumMoney(summary.outstanding)} testId="sum-outstanding" />
          <Stat label={t('overdue')} value={sumMoney(summary.overdue)} color={summary.overdue ? 'red' : undefined} testId="sum-overdue" />
          <Stat label={t('paidThisMonth')} value={sumMoney(summary.paidThisMonth)} color="teal" testId="sum-paid" />
        </SimpleGrid>
      )}
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          aria-label={t('kindLabel')}
          value={kind}
          onChange={(v) => {
            setKind(v as InvoiceKind);
            setStatus('all');
          }}
          data={[
            { value: 'invoice', label: t('kindInvoices') },
            { value: 'quote', label: t('kindQuotes') },
          ]}
        />
        <Group gap="xs">
          <Button component={Link} to={PAGES.debtors} variant="default" size="xs">
            {t('whoOwesMe')}
          </Button>
          <Button component={Link} to={PAGES.drafts} variant="default" size="xs">
            {t('drafts')}
          </Button>
          <Button component={Link} to={PAGES.invoiceFilter} variant="default" size="xs">
            {t('filter')}
          </Button>
        </Group>
      </Group>
      <TextInput type="search" placeholder={t('search')} aria-label={t('search')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      <Chip.Group multiple={false} value={status} onChange={(v) => setStatus(v as DisplayStatus | 'all')}>
        <Group gap={6} role="group" aria-label={t('filter')} style={{ flexWrap: 'wrap' }}>
          {(kind === 'quote' ? QUOTE_CHIPS : CHIPS).map((s) => (
            <Chip key={s} value={s} size="xs">
              {statusLabel(s)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {!rows ? (
        <Center py="xl" role="status" aria-busy="true" aria-label={t('loading', { context: kind })}>
          <Loader />
        </Center>
      ) : ofKind === 0 ? (
        <EmptyState
          title={kind === 'quote' ? t('emptyQuotesTitle') : t('emptyTitle')}
          action={
            <Button component={Link} to={pagePaths.newInvoice(kind === 'quote' ? { kind } : undefined)}>
              {kind === 'quote' ? t('newQuote') : t('newInvoice')}
            </Button>
          }
        >
          {t('emptyBody', { context: kind })}
        </EmptyState>
      ) : filtered.length === 0 ? (
        <EmptyState title={t('noMatch')} />
      ) : (
        <InvoiceList resetKey={`${kind}|${status}|${query}`} rows={filtered} />
      )}
    </Stack>
  );
}

function Stat({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  // A phone shows one row per figure (label left, amount right); an amount never breaks inside itself (issue 23).
  return (
    <Card withBorder padding={6} px="xs" radius="md">
      <Group justify="space-between" align="baseline" gap={4} wrap="wrap">
        <Text size="xs" c="dimmed" lh={1.2}>
          {label}
        </Text>
        <Text fw={700} c={color} fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
          {value}
        </Text>
      </Group>
    </Card>
  );
}
