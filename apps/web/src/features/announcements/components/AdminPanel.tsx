import { formatDate, formatDateTime } from '@duka/core';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { admin, type Announcement } from '../lib/api';
import { AnnouncementForm } from './AnnouncementForm';
import '../strings';
import { errorMessage } from '../../../ui/errors';

/** The admin screen (ADMIN_EMAILS only; the API answers 403 to anyone else): every announcement, to create, edit, publish, schedule, delete. */
export default function AdminPanel({ onBack }: { onBack: () => void }) {
  const { t } = useStrings('announcements');
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['announcements', 'admin'], queryFn: admin.list, retry: false });
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['announcements'] });

  const status = (a: Announcement) => {
    if (!a.published_at) return <Badge color="gray">{t('admin.draft')}</Badge>;
    if (new Date(a.published_at) > new Date()) return <Badge color="yellow">{t('admin.scheduled', { date: formatDateTime(a.published_at) })}</Badge>;
    return <Badge color="teal">{t('admin.published', { date: formatDate(a.published_at) })}</Badge>;
  };

  return (
    <>
      <PageHeader
        title={t('admin.title')}
        right={
          <Button size="sm" onClick={() => setEditing('new')}>
            {t('admin.create')}
          </Button>
        }
      />
      <Button variant="subtle" size="compact-sm" mb="sm" onClick={onBack}>
        ← {t('backToList')}
      </Button>
      {list.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      )}
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {list.data && !list.data.announcements.length && <Text c="dimmed">{t('admin.empty')}</Text>}
      <Stack gap="sm">
        {list.data?.announcements.map((a) => (
          <Paper key={a.id} withBorder p="sm" data-testid="admin-announcement">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Title order={2} size="h5">
                  {a.title}
                </Title>
                <Group gap={6} mt={4}>
                  {status(a)}
                  <Badge variant="outline" color="gray">
                    {a.countries.length ? a.countries.join(', ') : t('admin.everyone')}
                  </Badge>
                </Group>
              </div>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => setEditing(a)} aria-label={`${t('admin.edit')} ${a.title}`}>
                  {t('admin.edit')}
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(a)} aria-label={`${t('admin.delete')} ${a.title}`}>
                  {t('admin.delete')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {editing && (
        <AnnouncementForm
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            if (editing === 'new') await admin.create(input);
            else await admin.update(editing.id, input);
            toast.success(t('admin.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={t('admin.deleteTitle')} centered>
        <Text mb="lg">{t('admin.deleteBody', { title: deleting?.title ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('admin.cancel')}
          </Button>
          <Button
            color="red"
            onClick={async () => {
              if (!deleting) return;
              await admin.remove(deleting.id);
              toast.success(t('admin.deleted'));
              setDeleting(null);
              await refresh();
            }}
          >
            {t('admin.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
