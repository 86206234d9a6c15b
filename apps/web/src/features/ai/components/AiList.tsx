import { type AiItem, formatDate } from '@duka/core';
import { ActionIcon, Alert, Button, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { errorMessage } from '../../../ui/errors';
import { toast } from '../../../ui/toast';
import { aiKeys, markFavorite, useAiList } from '../api';
import { pageTitleIn } from '../pageTitle';
import '../strings';

/** History or Favourites on /tabs/ai: newest first, a page at a time; a row opens the result modal. */
export function AiList({ which, onOpen }: { which: 'history' | 'favorites'; onOpen: (item: AiItem) => void }) {
  const { t } = useStrings('ai');
  const q = useAiList(which);
  if (q.isPending) {
    return (
      <Center py="lg">
        <Loader role="status" size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isError) console.error(`loading AI ${which} failed`, q.error);
  const failed = q.isError && (
    <Alert color={q.data ? 'yellow' : 'red'} role="alert" mb={q.data ? 'sm' : undefined}>
      <Group justify="space-between">
        <Text size="sm">{q.data ? t('showingSaved') : t('loadFailed')}</Text>
        <Button size="xs" variant="light" loading={q.isFetching} onClick={() => void q.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
  if (!q.data) return failed;
  if (!items.length) {
    return (
      <>
        {failed}
        <EmptyState title={which === 'history' ? t('historyEmpty') : t('favouritesEmpty')}>
          {which === 'history' ? t('historyEmptyHint') : t('favouritesEmptyHint')}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {failed}
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={`ai-${which}`}>
        {items.map((item) => (
          <li key={item.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Group wrap="nowrap" gap={4} align="center">
              <UnstyledButton onClick={() => onOpen(item)} py="sm" px="xs" style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatDate(item.created_at)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {item.page_title ? `${pageTitleIn(t, item.page_title)} — ` : ''}
                  {item.content.replace(/[#*_>`-]+/g, ' ').slice(0, 200)}
                </Text>
              </UnstyledButton>
              <FavouriteToggle item={item} />
            </Group>
          </li>
        ))}
        {q.hasNextPage && (
          <Center pt="sm">
            <Button variant="subtle" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
    </>
  );
}

/** The star of a row: marks or unmarks the result as a favourite (PATCH /ai-writter/{id}). */
function FavouriteToggle({ item }: { item: AiItem }) {
  const { t } = useStrings('ai');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await markFavorite(item.id, !item.favorite);
      toast.success(item.favorite ? t('removedFavorite') : t('markedFavorite'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: aiKeys.favorites }), queryClient.invalidateQueries({ queryKey: aiKeys.history })]);
    } catch (e) {
      console.error('changing the favourite failed', e);
      toast.danger(t('saveFailed', { message: errorMessage(e) }), 'actionFailed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionIcon
      variant="subtle"
      color={item.favorite ? 'yellow' : 'gray'}
      size="lg"
      loading={busy}
      aria-pressed={item.favorite}
      aria-label={item.favorite ? t('removeFavourite', { title: item.title }) : t('addFavourite', { title: item.title })}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
        {item.favorite ? '★' : '☆'}
      </span>
    </ActionIcon>
  );
}
