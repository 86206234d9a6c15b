import { ActionIcon, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useStrings } from '../i18n';
import './strings';

/** A page title with an optional back button (e.g. the AI writer pages go back to /tabs/ai). */
export function PageHeader({ title, back, right }: { title: string; back?: string; right?: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useStrings('ui');
  return (
    // A long title takes its own line(s) and the actions go under it, instead of squeezing it beside them (360 px).
    <Group justify="space-between" wrap="wrap" gap="xs" mb="md" component="header">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
        {back && (
          <ActionIcon variant="subtle" size="lg" aria-label={t('back')} onClick={() => navigate(back)}>
            <span aria-hidden="true">←</span>
          </ActionIcon>
        )}
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Title>
      </Group>
      {right && (
        <Group gap="xs" ml="auto">
          {right}
        </Group>
      )}
    </Group>
  );
}
