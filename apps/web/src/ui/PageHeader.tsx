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
    <Group justify="space-between" wrap="nowrap" mb="md" component="header">
      <Group gap="xs" wrap="nowrap">
        {back && (
          <ActionIcon variant="subtle" size="lg" aria-label={t('back')} onClick={() => navigate(back)}>
            <span aria-hidden="true">←</span>
          </ActionIcon>
        )}
        <Title order={1} size="h3">
          {title}
        </Title>
      </Group>
      {right}
    </Group>
  );
}
