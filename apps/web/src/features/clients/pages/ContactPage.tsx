import { countryDisplayName, CUSTOMER_LANGUAGE_NAMES, formatDate, formatMoney, formatPhone, invoiceStatusOn, isBilledKind } from '@duka/core';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type Contact, db, deleteRecord, type Invoice, saveRecord } from '../../../data/db';
import { useLocal } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { useLanguage, useStrings } from '../../../i18n';
import { useStatusLabel } from '../../invoices/statusLabel';
import { EmptyState } from '../../../ui/EmptyState';
import { useExpenseCategory } from '../../../ui/expenseCategory';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { STATUS_COLORS } from '../../invoices/lib/model';
import { useSavedCopies, withSavedCopies } from '../../invoices/lib/refusedChange';
import { ConfirmDialog } from '../../../ui/record/ConfirmDialog';
import { ConflictNotice } from '../../../ui/record/ConflictNotice';
import { ContactForm } from '../components/ContactForm';
import { countryNameOf } from '../../../ui/dial';
import { Notes } from '../components/Notes';
import '../strings';
import '../../expenses/strings';
import { pendingLabelKey } from '../../expenses/lib/pending';
import { todayForBusiness } from '../../../data/today';
import { PAGES, pagePaths } from '../../../paths';

type Inv = Invoice;

/** Sums of the balances of this client's issued invoices, per currency. */
export function owedByCurrency(invoices: Inv[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const i of invoices) {
    if (!isBilledKind(i.kind) || !i.status || ['draft', 'void', 'converted'].includes(i.status)) continue;
    const cur = i.currency ?? 'NGN';
    sums.set(cur, (sums.get(cur) ?? 0) + (i.balance ?? 0));
  }
  return [...sums.entries()].filter(([, v]) => v > 0);
}

function Detail({ label, value }: { label: string; value?: string | null }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{value}</Text>
    </div>
  );
}

/** contacts/{permalink}: details, notes, the client's invoices and expenses, totals owed. */
export default function ContactPage() {
  const { t } = useStrings('clients');
  const { t: te } = useStrings('expenses');
  const language = useLanguage();
  const statusLabel = useStatusLabel();
  const category = useExpenseCategory();
  const today = todayForBusiness();
  const { permalink = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const contact = useLocal(
    async () => (await db.contacts.where('permalink').equals(permalink).first()) ?? (await db.contacts.get(permalink)) ?? null,
    [permalink],
  );
  const id = contact?.id;
  const stored = useLocal(() => (id ? (db.invoices.where('contact_id').equals(id).toArray() as Promise<Inv[]>) : []), [id]);
  // An invoice whose change the server refused is shown and owed as the server has it (t19 N6).
  const saved = useSavedCopies();
  const invoices = useMemo(() => (stored && saved ? withSavedCopies(stored, saved) : undefined), [stored, saved]);
  const expenses = useLocal(() => (id ? db.expenses.where('contact_id').equals(id).reverse().sortBy('date') : []), [id]);
  const [deleting, setDeleting] = useState(false);
  const editing = params.get('edit') === '1';
  const setEditing = (on: boolean) => setParams(on ? { edit: '1' } : {}, { replace: true });
  const owed = useMemo(() => owedByCurrency(invoices ?? []), [invoices]);
  const home = countryNameOf(useCurrentUser());

  if (contact === undefined) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (contact === null) {
    return (
      <>
        <PageHeader title={t('title')} back={PAGES.clients} />
        <EmptyState title={t('page.notFound')} action={<Button onClick={() => navigate(PAGES.clients)}>{t('page.toClients')}</Button>}>
          {t('page.notFoundBody')}
        </EmptyState>
      </>
    );
  }

  const sortedInvoices = [...(invoices ?? [])].sort((a, b) => String(b.issue_date ?? '').localeCompare(String(a.issue_date ?? '')));
  const hasInvoices = !!invoices?.length;
  // A client with invoices is archived, not deleted (issue 14): hidden from lists and pickers, kept on invoices.
  async function setArchived(archived: boolean) {
    if (!contact) return;
    await saveRecord('contacts', { id: contact.id, archived });
    toast.success(archived ? t('page.archived') : t('page.unarchived'));
  }
  return (
    <>
      <PageHeader
        title={contact.name}
        back={PAGES.clients}
        right={
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              {t('page.edit')}
            </Button>
            {contact.archived ? (
              <Button size="xs" variant="light" color="gray" onClick={() => void setArchived(false)}>
                {t('page.unarchive')}
              </Button>
            ) : hasInvoices ? (
              <Button size="xs" variant="light" color="gray" onClick={() => void setArchived(true)} title={t('page.archiveHint')}>
                {t('page.archive')}
              </Button>
            ) : (
              <Button size="xs" variant="subtle" color="red" disabled={invoices === undefined} onClick={() => setDeleting(true)}>
                {t('page.delete')}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        <ConflictNotice collection="contacts" record={contact} />
        {contact.archived && (
          <Alert color="gray" role="status" data-testid="archived-notice">
            {t('page.archivedNotice')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder component="section" aria-label={t('page.details')}>
            <Stack gap="xs">
              <Detail label={t('form.email')} value={contact.email} />
              <Detail label={t('form.phone')} value={formatPhone(contact.phone, contact.country, home)} />
              <Detail
                label={contact.address ? t('form.address') : contact.city ? t('form.city') : t('form.country')}
                value={[contact.address, contact.city, countryDisplayName(contact.country, language)].filter(Boolean).join(', ')}
              />
              <Detail label={t('form.taxId')} value={contact.tax_id} />
              <Detail label={t('form.language')} value={contact.language ? CUSTOMER_LANGUAGE_NAMES[contact.language] : null} />
              <Detail label={t('form.notes')} value={contact.notes} />
              {!contact.email && !contact.phone && !contact.address && !contact.city && !contact.tax_id && !contact.notes && (
                <Text c="dimmed" size="sm">
                  {countryDisplayName(contact.country, language) || '—'}
                </Text>
              )}
            </Stack>
          </Card>
          <Card withBorder component="section" aria-label={t('page.owed')}>
            <Text size="xs" c="dimmed">
              {t('page.owed')}
            </Text>
            {owed.length ? (
              owed.map(([cur, v]) => (
                <Text key={cur} fz={28} fw={700} data-testid="owed">
                  {formatMoney(v, cur)}
                </Text>
              ))
            ) : (
              <Text fz="lg" fw={600} c="dimmed">
                {t('page.owedNone')}
              </Text>
            )}
          </Card>
        </SimpleGrid>

        <Notes contactId={contact.id} />

        <Stack gap="xs" component="section" aria-labelledby="inv-title">
          <Group justify="space-between">
            <Title order={2} size="h4" id="inv-title">
              {t('page.invoices')}
            </Title>
            <Button size="xs" variant="light" component={Link} to={pagePaths.newInvoice({ contact: contact.id })}>
              {t('page.newInvoice')}
            </Button>
          </Group>
          {!sortedInvoices.length && (
            <Text c="dimmed" size="sm">
              {t('page.noInvoices')}
            </Text>
          )}
          {sortedInvoices.map((i) => (
            <Card
              key={i.id}
              withBorder
              p="xs"
              component="button"
              type="button"
              ta="left"
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(pagePaths.invoice(i.id))}
            >
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{i.number ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {i.issue_date ? formatDate(i.issue_date) : ''}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end">
                  {i.status && (
                    <Badge size="sm" variant="light" color={STATUS_COLORS[invoiceStatusOn(i, today)]} data-testid="client-invoice-status">
                      {statusLabel(invoiceStatusOn(i, today))}
                    </Badge>
                  )}
                  {/* A quote or a void invoice owes nothing: its total, never a balance (issue 14). */}
                  <Text size="sm">
                    {(i.kind ?? 'invoice') === 'quote' || i.status === 'void'
                      ? t('page.total', { amount: formatMoney(i.total_due ?? 0, i.currency ?? 'NGN') })
                      : t('page.balance', { amount: formatMoney(i.balance ?? 0, i.currency ?? 'NGN') })}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="exp-title">
          <Title order={2} size="h4" id="exp-title">
            {t('page.expenses')}
          </Title>
          {!expenses?.length && (
            <Text c="dimmed" size="sm">
              {t('page.noExpenses')}
            </Text>
          )}
          {expenses?.map((e) => (
            <Group key={e.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={pagePaths.expense({ id: e.id })} size="sm">
                {formatDate(e.date)} · {category.label(e.category)}
                {e.vendor ? ` · ${e.vendor}` : ''}
              </Anchor>
              {e.amount_pending ? (
                // Issue 29: an amount still to be read from the photo is not 0.
                <Text size="sm" fw={600} c="orange.8" ta="right" maw={130} data-testid="expense-pending">
                  {te(pendingLabelKey(e.amount_pending))}
                </Text>
              ) : (
                <Text size="sm" fw={600}>
                  {formatMoney(e.amount, e.currency)}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>

      <ContactForm
        opened={editing}
        onClose={() => setEditing(false)}
        contact={contact}
        onSaved={(c: Contact) => c.permalink !== permalink && navigate(pagePaths.contact(c.permalink), { replace: true })}
      />
      <ConfirmDialog
        opened={deleting}
        title={t('page.deleteTitle')}
        text={hasInvoices ? t('page.deleteBlocked', { name: contact.name }) : t('page.deleteText', { name: contact.name })}
        confirmLabel={hasInvoices ? t('page.archive') : undefined}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          if (hasInvoices) {
            await setArchived(true);
            setDeleting(false);
            return;
          }
          const notes = await db.notes.where('contact_id').equals(contact.id).primaryKeys();
          for (const n of notes) await deleteRecord('notes', n);
          await deleteRecord('contacts', contact.id);
          toast.success(t('page.deleted'));
          navigate(PAGES.clients, { replace: true });
        }}
      />
    </>
  );
}
