import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" role="status">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children && <Text c="dimmed">{children}</Text>}
      {action}
    </Stack>
  );
}

/**
 * What a list shows before its rows: a spinner while they load (undefined), its empty state once loaded with none,
 * nothing when there are rows.
 */
export function ListStatus({
  items,
  loading,
  ...empty
}: {
  items: readonly unknown[] | undefined;
  /** The spinner's accessible name. */
  loading: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  if (!items)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={loading} />
      </Center>
    );
  return items.length ? null : <EmptyState {...empty} />;
}
