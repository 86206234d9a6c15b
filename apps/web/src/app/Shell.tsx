import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** The app frame: bottom tabs on phones, left nav on wide screens (filled by the foundation work). */
export function Shell() {
  return (
    <AppShell padding="md">
      <AppShell.Main>
        <Container size="md" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
