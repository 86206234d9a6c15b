import { upgradePath } from '@duka/core';
import { AppShell, Burger, Button, Container, Group, Text } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { getToken } from '../data/session';
import { holdLinkUntilFirstRun } from '../data/sync/linkBusy';
import { useCurrentUser } from '../data/user';
import { useAccountLanguage } from '../features/accounts/language';
import { useAppState } from '../features/accounts/useAppState';
import { useStrings } from '../i18n';
import { Icon } from '../ui/icons';
import { BottomTabs } from './shell/BottomTabs';
import { LeftNav } from './shell/LeftNav';
import { aheadFiles, fetchAhead } from '../boot/ahead';
import { prefetchWhenIdle } from '../boot/prefetch';
import { loadFullStyles, loadFullStylesWhenIdle } from '../boot/styles';
import { MAIN_ID, SkipToContent } from './shell/SkipToContent';
import { TestModeBanner } from './shell/TestModeBanner';
import './shell/strings';
import classes from './shell/Shell.module.css';
import { usePaidPlan } from '../features/plans/usePaidPlan';
import { PAGES } from '../paths';
import { loadWhenOnline } from './loadWhenOnline';
import { RouteErrorBoundary } from './RouteError';
import { warmable, warmPagesAfterFirstSync } from './warmPages';

// ── SYNC STATUS SLOT ──────────────────────────────────────────────────────────────────
// The local-data work provides src/app/shell/SyncStatus.tsx (default export). It is picked up
// here when the file exists (a glob, so the build never breaks while it does not) and loaded
// lazily, keeping Dexie out of the first chunk.
const syncModules = import.meta.glob<{ default: ComponentType }>('./shell/SyncStatus.tsx');
const loadSync = Object.values(syncModules)[0];
// Mounted by itself in the header: a load cut by going offline waits for the connection (see loadWhenOnline).
const SyncStatus = loadSync ? lazy(loadWhenOnline(loadSync)) : null;

function SyncSlot() {
  if (!SyncStatus) return null;
  return (
    <Suspense fallback={null}>
      <SyncStatus />
    </Suspense>
  );
}

// The side menu (a drawer) and the account dialogs are not on the way to the first screen (issue 30): they load when
// first opened, or ahead when the link is idle and fast; once loaded they stay mounted (their closing animation).
const loadMenu = warmable(() => import('./shell/SideMenu'));
// They use Mantine's CSS beyond the frame's, so they wait for the rest of it too.
const withFullStyles = <T,>(load: Promise<T>) => Promise.all([load, loadFullStyles()]).then(([m]) => m);
const SideMenu = lazy(() => withFullStyles(loadMenu()).then((m) => ({ default: m.SideMenu })));
const DeleteAccountDialog = lazy(() =>
  withFullStyles(import('../features/accounts/components/DeleteAccountDialog')).then((m) => ({ default: m.DeleteAccountDialog })),
);
const LogoutDialog = lazy(() => withFullStyles(import('../features/accounts/components/LogoutDialog')).then((m) => ({ default: m.LogoutDialog })));

/** Renders `children` from the first time `open` is true on. */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The app frame (SPEC §2): bottom tabs on phones, the left nav on wide screens, the side menu 'One More Thing'. */
export function Shell() {
  return getToken() ? <SignedInShell /> : <VisitorShell />;
}

export default Shell;

function SignedInShell() {
  const { t } = useStrings('shell');
  const user = useCurrentUser();
  const paid = usePaidPlan(user?.id);
  const [menu, setMenu] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Before any effect below or in the page (their prefetches): the link counts as busy until the sync engine, started
  // with this frame (SyncStatus), has run once (issue 30: a first sync after a reload comes before code fetched ahead).
  useState(holdLinkUntilFirstRun);
  useAppState();
  useAccountLanguage(user);
  // Fetched, not run (boot/ahead.ts: with the menu, the rest of Mantine's CSS, not applied to the list; issue 30).
  useEffect(() => prefetchWhenIdle(() => void fetchAhead(loadMenu).catch(() => undefined)), []);
  // Without the build's list (the dev server), the rest of Mantine's CSS is applied once the first sync is off the link.
  useEffect(() => (aheadFiles().length ? undefined : loadFullStylesWhenIdle()), []);
  // The main screens' code, once the first sync is done: they open offline before the service worker has come (t23 X5).
  useEffect(warmPagesAfterFirstSync, []);
  const { pathname } = useLocation();

  return (
    <AppShell
      layout="alt"
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: { base: 62, sm: 0 } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipToContent />
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Text component={Link} to={PAGES.home} fw={800} fz={22} c="teal.8" className={classes.brand} hiddenFrom="sm">
            {t('brand')}
          </Text>
          <div className={classes.spacer} />
          <Group gap="xs" wrap="nowrap">
            <SyncSlot />
            {!paid && (
              <Button
                component={Link}
                to={upgradePath(user?.country)}
                size="xs"
                variant="light"
                visibleFrom="sm"
                leftSection={<Icon name="upgrade" size={16} />}
              >
                {t('upgrade')}
              </Button>
            )}
            <Burger opened={menu} onClick={() => setMenu(true)} aria-label={t('more')} hiddenFrom="sm" size="sm" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} visibleFrom="sm" aria-label={t('nav')}>
        <LeftNav onMore={() => setMenu(true)} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Container size="md" px={0}>
          <TestModeBanner />
          {/* A page that cannot load (offline before its code came) keeps the frame: the tabs and the way back (t23 X5). */}
          <RouteErrorBoundary path={pathname}>
            <Outlet />
          </RouteErrorBoundary>
        </Container>
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm" className={classes.footer}>
        <BottomTabs />
      </AppShell.Footer>
      <OnceOpened open={menu}>
        <SideMenu opened={menu} onClose={() => setMenu(false)} onLogout={() => setLeaving(true)} onDelete={() => setDeleting(true)} />
      </OnceOpened>
      <OnceOpened open={deleting}>
        <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
      </OnceOpened>
      <OnceOpened open={leaving}>
        <LogoutDialog opened={leaving} onClose={() => setLeaving(false)} />
      </OnceOpened>
    </AppShell>
  );
}

/** Open pages (AI writer, invoice filter) seen without an account: a plain header with a way in. */
function VisitorShell() {
  const { t } = useStrings('shell');
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Text component={Link} to={PAGES.login} fw={800} fz={22} c="teal.8" className={classes.brand}>
            {t('brand')}
          </Text>
          <Button component={Link} to={PAGES.login} size="xs" variant="light">
            {t('login')}
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Container size="md" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
