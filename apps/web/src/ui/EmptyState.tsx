import { Stack, Text, Title } from '@mantine/core';
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
