import { formatDate } from '@duka/core';
import { Alert, Anchor, Badge, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { Markdown } from '../components/Markdown';
import { fetchPage, markRead, readKept } from '../lib/api';
import '../strings';
import { errorMessage } from '../../../ui/errors';

const AdminPanel = lazy(() => import('../components/AdminPanel'));

/** /announcement: news from Duka, newest first; read on this device offline too. Admins manage them here. */
export default function AnnouncementPage() {
  const { t } = useStrings('announcements');
  const qc = useQueryClient();
  const [manage, setManage] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ['announcements'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    initialData: () => {
      const kept = readKept();
      return kept ? { pages: [kept], pageParams: [1] } : undefined;
    },
    initialDataUpdatedAt: 0,
    retry: false,
  });
  const items = query.data?.pages.flatMap((p) => p.announcements) ?? [];
  const canManage = query.data?.pages[0]?.can_manage ?? false;
  const offline = query.isError && !!query.data;

  // What the user has seen on this page counts as read (once the server answered, not from the kept copy).
  const unreadIds = query.isFetchedAfterMount && !query.isError ? items.filter((a) => !a.read).map((a) => a.id) : [];
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (!unreadKey) return;
    const timer = setTimeout(() => void markRead(unreadKey.split(',')).catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, [unreadKey]);

  if (manage)
    return (
      <Suspense fallback={<Loader role="status" aria-label={t('loading')} />}>
        <AdminPanel
          onBack={() => {
            setManage(false);
            void qc.invalidateQueries({ queryKey: ['announcements'] });
          }}
        />
      </Suspense>
    );

  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          canManage ? (
            <Button variant="light" size="sm" onClick={() => setManage(true)}>
              {t('manage')}
            </Button>
          ) : undefined
        }
      />
      {offline && (
        <Alert color="gray" mb="sm">
          {t('offline')}
        </Alert>
      )}
      {!query.data && query.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      )}
      {!query.data && query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {query.data && !items.length && <EmptyState title={t('emptyTitle')}>{t('emptyBody')}</EmptyState>}
      <Stack gap="sm">
        {items.map((a) => (
          <Paper key={a.id} withBorder p="md" component="article" aria-labelledby={`ann-${a.id}`} data-testid="announcement">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={2} size="h4" id={`ann-${a.id}`}>
                {a.title}
              </Title>
              {!a.read && (
                <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
                  {t('new')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" mb="xs">
              {a.published_at ? formatDate(a.published_at) : ''}
            </Text>
            {a.image_url && <Image src={a.image_url} alt="" radius="sm" mah={240} fit="contain" mb="xs" />}
            <Markdown text={a.body} />
            {a.link && (
              <Anchor href={a.link} target="_blank" rel="noopener noreferrer" size="sm">
                {t('readMore')} ↗
              </Anchor>
            )}
          </Paper>
        ))}
        {query.hasNextPage && (
          <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('more')}
          </Button>
        )}
      </Stack>
    </>
  );
}
