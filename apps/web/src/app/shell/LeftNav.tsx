import { Box, Button, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../data/user';
import { PHONE_WIDTH } from '../frameSkeleton';
import { LogoSpot } from '../../features/accounts/components/LogoSpot';
import { useStrings } from '../../i18n';
import { Icon } from '../../ui/icons';
import { HELP_URL, TABS } from './nav';
import './strings';

/** Wide screens (SPEC §2): the 'ADD LOGO' spot, the tab links, More and Get Help. Rendered inside AppShell.Navbar (a labelled nav). */
export function LeftNav({ onMore }: { onMore: () => void }) {
  const { t } = useStrings('shell');
  const user = useCurrentUser();
  // The nav is only hidden by CSS on phones: its logo spot (a file input) stays out of the page there, else it was the
  // page's first file input on New expense and a picked receipt photo became the business logo (t22). Phones change
  // the logo in Account settings.
  const phone = useMediaQuery(PHONE_WIDTH, false, { getInitialValueInEffect: false });
  return (
    <>
      <Stack align="center" gap={6} p="md" pb="xs">
        {!phone && <LogoSpot size={104} />}
        {user && (
          <Text fw={700} fz="sm" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {user.company_name || user.name}
          </Text>
        )}
      </Stack>
      {/* A plain scrolling box: Mantine's ScrollArea brings 17 KB (floating-ui) onto the first screen after Log in. */}
      <Box style={{ flex: 1, overflowY: 'auto' }} px="xs">
        <div>
          {TABS.map((tab) => (
            <MantineNavLink
              key={tab.to}
              component={NavLink}
              to={tab.to}
              label={t(tab.label)}
              leftSection={<Icon name={tab.icon} size={20} />}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          ))}
        </div>
      </Box>
      <Stack gap={4} p="xs" pb="md">
        <Button variant="subtle" color="gray" justify="flex-start" leftSection={<Icon name="more" size={20} />} onClick={onMore} aria-haspopup="dialog">
          {t('more')}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          justify="flex-start"
          component="a"
          href={HELP_URL}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<Icon name="help" size={20} />}
        >
          {t('getHelp')}
        </Button>
      </Stack>
    </>
  );
}
