import './strings';
import { clientLanguage, type Debtor, debtorsOf, documentText, formatDate, formatMoney, formatMoneyIn, type LedgerInvoice, reminderText } from '@duka/core';
import { Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Contact } from '../../data/db';
import { useRecords } from '../../data/sync/hooks';
import { getCurrentUser } from '../../data/user';
import { activeLanguage, useStrings } from '../../i18n';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { useSavedInvoices } from '../invoices/lib/refusedChange';
import { ReminderSettingsModal } from '../reminders/ReminderSettingsModal';
import { StatementModal } from './StatementModal';
import { todayForBusiness } from '../../data/today';
import { PAGES, pagePaths } from '../../paths';

const digits = (phone?: string | null) => (phone ?? '').replace(/\D/g, '');

/**
 * One-tap reminder links: WhatsApp (wa.me), SMS (sms:) and e-mail (mailto:), made on the device (offline), in the
 * client's language, else `ownerLanguage` (issue 19).
 */
export function reminderLinks(d: Debtor, contact: Contact | null, company: string, origin: string, publicIds: Map<string, string>, ownerLanguage: string) {
  const language = clientLanguage(contact?.language, ownerLanguage);
  const subject = documentText(language, 'debtSubject', { company });
  const first = d.invoices[0];
  const publicId = first ? publicIds.get(first.id) : undefined;
  const text = reminderText({
    client: contact?.name ?? '',
    company,
    amount: formatMoneyIn(d.balance, d.currency, language),
    invoices: d.invoices.map((i) => i.number),
    link: d.invoices.length === 1 && publicId ? `${origin}/invoice/link/${publicId}` : null,
    overdue: d.overdue,
    language,
  });
  const phone = digits(contact?.phone);
  return {
    text,
    whatsapp: `https://wa.me/${phone.length >= 8 ? phone : ''}?text=${encodeURIComponent(text)}`,
    sms: phone.length >= 8 ? `sms:+${phone}?body=${encodeURIComponent(text)}` : null,
    email: contact?.email ? `mailto:${encodeURIComponent(contact.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}` : null,
  };
}

/** /debtors: each client's balance due per currency, oldest debt first, overdue in red; reminders and statements. Offline. */
export default function DebtorsPage() {
  const { t } = useStrings('debtors');
  // An invoice whose change the server refused counts as the server has it (t19 N6): the debts, statements and
  // reminder messages say what the client really owes.
  const invoices = useSavedInvoices();
  const contacts = useRecords('contacts');
  const [statementFor, setStatementFor] = useState<Debtor | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const today = todayForBusiness();
  const ledger = useMemo(() => (invoices ?? []) as unknown as LedgerInvoice[], [invoices]);
  const debtors = useMemo(() => debtorsOf(ledger, today), [ledger, today]);
  const byId = useMemo(() => new Map((contacts ?? []).map((c) => [c.id, c])), [contacts]);
  const publicIds = useMemo(() => new Map((invoices ?? []).map((i) => [i.id, String((i as unknown as { public_id?: string }).public_id ?? '')])), [invoices]);
  const totals = useMemo(() => {
    const m = new Map<string, { owed: number; overdue: number }>();
    for (const d of debtors) {
      const x = m.get(d.currency) ?? { owed: 0, overdue: 0 };
      x.owed += d.balance;
      x.overdue += d.overdue_balance;
      m.set(d.currency, x);
    }
    return [...m.entries()];
  }, [debtors]);
  const user = getCurrentUser();
  const company = user?.company_name || user?.name || '';

  if (!invoices || !contacts) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      <PageHeader
        title={t('title')}
        back={PAGES.invoices}
        right={
          <Button size="xs" variant="default" onClick={() => setSettingsOpen(true)}>
            {t('reminderSettings')}
          </Button>
        }
      />
      <ReminderSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {debtors.length === 0 ? (
        <EmptyState title={t('emptyTitle')}>{t('emptyBody')}</EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {totals.map(([currency, x]) => (
              <Card key={currency} withBorder padding="xs" data-testid="debtors-total">
                <Text size="xs" c="dimmed">
                  {t('totalOwed')}
                </Text>
                <Text fw={700}>{formatMoney(x.owed, currency)}</Text>
                {x.overdue > 0 && (
                  <Text size="xs" c="red.8">
                    {t('overdue')}: {formatMoney(x.overdue, currency)}
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
          {debtors.map((d) => {
            const contact = byId.get(d.contact_id) ?? null;
            const links = reminderLinks(d, contact, company, window.location.origin, publicIds, activeLanguage());
            const name = contact?.name ?? t('unknownClient');
            return (
              <Card key={`${d.contact_id}|${d.currency}`} withBorder padding="sm" data-testid="debtor" data-overdue={d.overdue ? 'true' : 'false'}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {contact ? (
                        <Anchor component={Link} to={pagePaths.contact(contact.permalink)} c="inherit">
                          {name}
                        </Anchor>
                      ) : (
                        name
                      )}
                    </Text>
                    <Text size="xs" c={d.overdue ? 'red.8' : 'dimmed'}>
                      {d.overdue ? t('overdueSince', { date: formatDate(d.oldest_date) }) : t('dueOn', { date: formatDate(d.oldest_date) })}
                    </Text>
                  </Stack>
                  <Stack gap={0} align="flex-end">
                    <Text fw={700} c={d.overdue ? 'red.8' : undefined} data-testid="debtor-balance">
                      {formatMoney(d.balance, d.currency)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.invoices.length === 1 ? t('invoice') : t('invoices', { count: d.invoices.length })}
                    </Text>
                  </Stack>
                </Group>
                <Stack gap={2} mt={6}>
                  {d.invoices.map((i) => (
                    <Group key={i.id} justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={pagePaths.invoice(i.id)} size="sm">
                        {i.number}
                      </Anchor>
                      {i.overdue ? (
                        <Badge color="red" variant="light" size="sm">
                          {t('daysOverdue', { count: i.days_overdue })}
                        </Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {i.due_date ? t('dueOn', { date: formatDate(i.due_date) }) : ''}
                        </Text>
                      )}
                      <Text size="sm">{formatMoney(i.balance, d.currency)}</Text>
                    </Group>
                  ))}
                </Stack>
                <Group gap="xs" mt="xs">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="green"
                    component="a"
                    href={links.whatsapp}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('remindLabel', { client: name, channel: t('whatsapp') })}
                    data-testid="remind-whatsapp"
                  >
                    {t('whatsapp')}
                  </Button>
                  {(['sms', 'email'] as const).map((channel) => (
                    <Button
                      key={channel}
                      size="compact-sm"
                      variant="light"
                      component="a"
                      href={links[channel] ?? undefined}
                      disabled={!links[channel]}
                      title={links[channel] ? undefined : t(channel === 'sms' ? 'noPhone' : 'noEmail')}
                      aria-label={t('remindLabel', { client: name, channel: t(channel) })}
                      data-testid={`remind-${channel}`}
                    >
                      {t(channel)}
                    </Button>
                  ))}
                  <Button size="compact-sm" variant="default" onClick={() => setStatementFor(d)}>
                    {t('statement')}
                  </Button>
                </Group>
              </Card>
            );
          })}
        </>
      )}
      {statementFor && (
        <StatementModal
          contact={byId.get(statementFor.contact_id) ?? null}
          contactId={statementFor.contact_id}
          currencies={[...new Set([statementFor.currency, ...debtors.filter((d) => d.contact_id === statementFor.contact_id).map((d) => d.currency)])]}
          invoices={ledger}
          onClose={() => setStatementFor(null)}
        />
      )}
    </Stack>
  );
}
