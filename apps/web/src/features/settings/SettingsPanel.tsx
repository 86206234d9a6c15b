import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { SettingsNav } from './SettingsNav';

/** A settings page: its header, the settings tabs, and a card with a short introduction (null: none) above the form. */
export function SettingsPanel({ title, intro, maxWidth, children }: { title: string; intro: string | null; maxWidth: number; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <SettingsNav />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={maxWidth}>
        {intro && (
          <Text c="dimmed" fz="sm" mb="lg">
            {intro}
          </Text>
        )}
        {children}
      </Paper>
    </>
  );
}
