import { ActionIcon, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStrings } from '../i18n';
import '../ui/strings';
import './shell/strings';
import classes from './shell/Shell.module.css';

/**
 * The frame of the Upgrade pages (/plan/subscribe, /plan/portal, /transactions), which sit outside the app
 * shell (they also open from a link with a token): a header with a way back and the brand, and page margins.
 */
export function PlanFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useStrings('ui');
  const { t: ts } = useStrings('shell');
  const back = () => {
    // Back where the user came from inside the app; from an outside link, to the app's home.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Box component="header" className={classes.header} h={56} px={{ base: 'sm', sm: 'lg' }} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h="100%" gap="xs" wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={t('back')} onClick={back}>
            <span aria-hidden="true">←</span>
          </ActionIcon>
          <Text component={Link} to="/" fw={800} fz={22} c="teal.8" className={classes.brand}>
            {ts('brand')}
          </Text>
        </Group>
      </Box>
      <Container size="md" px={{ base: 'sm', sm: 'lg' }} py="md" component="main">
        {children}
      </Container>
    </Box>
  );
}
