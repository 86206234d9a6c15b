import { upgradePath } from '@duka/core';
import { Button, Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../data/user';
import { useStrings } from '../../i18n';
import { UnreadBadge } from '../../features/announcements/components/UnreadBadge';
import { Icon } from '../../ui/icons';
import { MENU } from './nav';
import { usePaidPlan } from '../../features/plans/usePaidPlan';
import './strings';
import { PAGES } from '../../paths';

/** SPEC §2: the side menu 'One More Thing' with every entry (Tax And Fees on phones only) and the upgrade action. */
export function SideMenu({ opened, onClose, onLogout, onDelete }: { opened: boolean; onClose: () => void; onLogout: () => void; onDelete: () => void }) {
  const { t } = useStrings('shell');
  const user = useCurrentUser();
  const paid = usePaidPlan(user?.id);
  return (
    <Drawer opened={opened} onClose={onClose} title={t('menu.title')} position="left" size={300} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap={2} component="nav" aria-label={t('menu.title')}>
        {/* A paying user is not asked to upgrade (issue 23): the same place leads to their plan. */}
        {paid ? (
          <Button component={Link} to={PAGES.settingsBilling} onClick={onClose} variant="light" leftSection={<Icon name="upgrade" size={18} />} mb="sm">
            {t('myPlan')}
          </Button>
        ) : (
          <Button component={Link} to={upgradePath(user?.country)} onClick={onClose} leftSection={<Icon name="upgrade" size={18} />} mb="sm">
            {t('upgrade')}
          </Button>
        )}
        {MENU.map((entry) => {
          const label = t(entry.label);
          if (entry.kind === 'link')
            return (
              <MantineNavLink
                key={entry.label}
                component={Link}
                to={entry.to}
                label={label}
                onClick={onClose}
                hiddenFrom={entry.mobileOnly ? 'sm' : undefined}
                rightSection={entry.to === PAGES.announcements ? <UnreadBadge label={(count) => t('menu.unread', { count })} /> : undefined}
              />
            );
          if (entry.kind === 'external')
            return (
              <MantineNavLink
                key={entry.label}
                component="a"
                href={entry.href}
                target="_blank"
                rel="noopener noreferrer"
                label={label}
                aria-label={`${label} ${t('menu.opensNewTab')}`}
                rightSection={<span aria-hidden="true">↗</span>}
              />
            );
          return (
            <div key={entry.label}>
              {entry.action === 'logout' && <Divider my="xs" />}
              <MantineNavLink
                component="button"
                label={label}
                c={entry.action === 'delete' ? 'red.7' : undefined}
                onClick={() => {
                  onClose();
                  if (entry.action === 'logout') onLogout();
                  else onDelete();
                }}
              />
            </div>
          );
        })}
      </Stack>
    </Drawer>
  );
}
