import '../strings';
import { formatDate, formatMoney } from '@duka/core';
import { Button, Card, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { deleteInvoice, useInvoiceRows } from '../lib/data';
import type { ListRow } from '../lib/list';
import { PAGES, pagePaths } from '../../../paths';

/** invoices/drafts: drafts of invoices and quotes; resume or delete (with confirmation). */
export default function DraftsPage() {
  const { t } = useStrings('invoices');
  const rows = useInvoiceRows();
  const drafts = useMemo(() => rows?.filter((r) => r.invoice.status === 'draft'), [rows]);
  const [confirm, setConfirm] = useState<ListRow | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!confirm) return;
    setDeleting(true);
    try {
      await deleteInvoice(confirm.invoice.id);
      toast.success(t('deleted'));
      setConfirm(null);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('draftsTitle')}
        back={PAGES.invoices}
        right={
          <Button component={Link} to={PAGES.newInvoice}>
            {t('newInvoice')}
          </Button>
        }
      />
      {!drafts ? (
        <Center py="xl" role="status" aria-busy="true" aria-label={t('loading')}>
          <Loader />
        </Center>
      ) : drafts.length === 0 ? (
        <EmptyState title={t('draftsEmpty')}>{t('draftsEmptyBody')}</EmptyState>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('draftsTitle')}>
          {drafts.map((r) => (
            <li key={r.invoice.id} data-testid="draft-row">
              <Card withBorder padding="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>
                      {r.invoice.number} {r.invoice.kind === 'quote' ? `· ${t('kindQuotes')}` : ''}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {r.clientName || '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(r.invoice.issue_date)} · {formatMoney(r.invoice.total_due, r.invoice.currency)}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" component={Link} to={pagePaths.newInvoice({ id: r.invoice.id })}>
                      {t('resume')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm(r)} aria-label={`${t('delete')} ${r.invoice.number}`}>
                      {t('delete')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title={t('deleteDraftTitle')} centered>
        <Text>{t('deleteDraftBody', { number: confirm?.invoice.number ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={deleting} onClick={() => void remove()}>
            {t('delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
