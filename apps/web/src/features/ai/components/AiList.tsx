import { type AiItem, formatDate } from '@duka/core';
import { Alert, Button, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { useAiList } from '../api';
import '../strings';

/** History or Favourites on /tabs/ai: newest first, a page at a time; a row opens the result modal. */
export function AiList({ which, onOpen }: { which: 'history' | 'favorites'; onOpen: (item: AiItem) => void }) {
  const { t } = useStrings('ai');
  const q = useAiList(which);
  if (q.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (q.isError) {
    console.error(`loading AI ${which} failed`, q.error);
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const items = q.data.pages.flatMap((p) => p.data);
  if (!items.length) {
    return (
      <EmptyState title={which === 'history' ? t('historyEmpty') : t('favouritesEmpty')}>
        {which === 'history' ? t('historyEmptyHint') : t('favouritesEmptyHint')}
      </EmptyState>
    );
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={`ai-${which}`}>
      {items.map((item) => (
        <li key={item.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <UnstyledButton onClick={() => onOpen(item)} w="100%" py="sm" px="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" truncate>
                {item.favorite && (
                  <span aria-label={t('favourite')} role="img" style={{ color: 'var(--mantine-color-yellow-6)' }}>
                    ★{' '}
                  </span>
                )}
                {item.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDate(item.created_at)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {item.page_title ? `${item.page_title} — ` : ''}
              {item.content.replace(/[#*_>`-]+/g, ' ').slice(0, 200)}
            </Text>
          </UnstyledButton>
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
  );
}
