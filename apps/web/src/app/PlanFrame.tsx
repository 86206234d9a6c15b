import { Box, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTokenUser } from '../features/plans/tokenUser';
import { useStrings } from '../i18n';
import './shell/strings';
import classes from './shell/Shell.module.css';

/**
 * The frame of the Upgrade pages (/plan/subscribe, /plan/portal, /transactions), which sit outside the app
 * shell (they also open from a link with a token): the app's header bar with the brand (home), over a page
 * that fills the screen. The pages bring their own title with a way back and their margins.
 */
export function PlanFrame({ children }: { children: ReactNode }) {
  const { t } = useStrings('shell');
  // Opened from a link with a token in a fresh browser: the token's user and their language first (issue 23).
  const ready = useTokenUser();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-white)">
      <Box component="header" className={classes.header} h={56} px={{ base: 'sm', sm: 'lg' }} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h="100%" gap="xs" wrap="nowrap">
          <Text component={Link} to="/" fw={800} fz={22} c="teal.8" className={classes.brand}>
            {t('brand')}
          </Text>
        </Group>
      </Box>
      {ready ? (
        children
      ) : (
        <Center py="xl" role="status" aria-busy="true">
          <Loader />
        </Center>
      )}
    </Box>
  );
}
