import '../strings';
import { DEFAULT_CURRENCY, type DisplayStatus, minorDigits, parseMoney } from '@duka/core';
import { Button, Card, Center, Chip, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { getToken } from '../../../data/session';
import { parseInvoiceSettings, useCurrentUser } from '../../../data/user';
import { useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { useStatusLabel } from '../statusLabel';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { InvoiceList } from '../components/InvoiceList';
import { PriceField } from '../components/PriceField';
import { useInvoiceRows } from '../lib/data';
import { filterRows } from '../lib/list';
import { PAGES } from '../../../paths';

const STATUSES: DisplayStatus[] = ['draft', 'ready', 'sent', 'partially_paid', 'paid', 'credited', 'overdue', 'void'];

/** invoices/filter (open route): by status, client, issue-date range and total range. */
export default function InvoiceFilterPage() {
  const { t } = useStrings('invoices');
  if (!getToken()) {
    return (
      <Stack>
        <PageHeader title={t('filterTitle')} />
        <EmptyState
          title={t('loginToFilter')}
          action={
            <Button component={Link} to={PAGES.login}>
              {t('logIn')}
            </Button>
          }
        />
      </Stack>
    );
  }
  return <Filter />;
}

function Filter() {
  const { t } = useStrings('invoices');
  const statusLabel = useStatusLabel();
  const rows = useInvoiceRows();
  const contacts = useRecords('contacts');
  const [statuses, setStatuses] = useState<string[]>([]);
  const [contactId, setContactId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  // Amounts are typed in the business's currency (its decimals: none for XAF).
  const currency = parseInvoiceSettings(useCurrentUser()).currency ?? DEFAULT_CURRENCY;

  const result = useMemo(
    () =>
      rows
        ? filterRows(rows, {
            kind: 'invoice',
            statuses: statuses as DisplayStatus[],
            contactId,
            from: from || null,
            to: to || null,
            min: min ? parseMoney(min, minorDigits(currency)) : null,
            max: max ? parseMoney(max, minorDigits(currency)) : null,
          })
        : [],
    [rows, statuses, contactId, from, to, min, max, currency],
  );
  const clear = () => {
    setStatuses([]);
    setContactId(null);
    setFrom('');
    setTo('');
    setMin('');
    setMax('');
  };

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('filterTitle')}
        back={PAGES.invoices}
        right={
          <Button variant="subtle" onClick={clear}>
            {t('clear')}
          </Button>
        }
      />
      <Card withBorder padding="sm">
        <Stack gap="sm">
          <Chip.Group multiple value={statuses} onChange={setStatuses}>
            <Group gap={6} role="group" aria-label={statusLabel('all')}>
              {STATUSES.map((s) => (
                <Chip key={s} value={s} size="xs">
                  {statusLabel(s)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Select
            label={t('client')}
            placeholder={t('anyClient')}
            clearable
            searchable
            value={contactId}
            onChange={setContactId}
            data={(contacts ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
          <SimpleGrid cols={2} spacing="xs">
            <TextInput type="date" label={t('from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput type="date" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <PriceField label={t('minAmount')} value={min} onChange={setMin} currency={currency} />
            <PriceField label={t('maxAmount')} value={max} onChange={setMax} currency={currency} />
          </SimpleGrid>
        </Stack>
      </Card>
      {!rows ? (
        <Center py="xl" role="status" aria-busy="true" aria-label={t('loading')}>
          <Loader />
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('results', { count: result.length })}
          </Text>
          {result.length === 0 ? (
            <EmptyState title={t('noMatch')} />
          ) : (
            <InvoiceList resetKey={JSON.stringify([statuses, contactId, from, to, min, max])} rows={result} />
          )}
        </>
      )}
    </Stack>
  );
}
