import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode, useSyncExternalStore } from 'react';
import { type Language, useLanguage } from '../i18n';
import { deviceLanguage } from '../i18n/starting';
import { getCurrentUser } from '../data/user';
import { subscribeOnline } from '../ui/online';
import { COMMON_STRINGS } from './strings';
import fr from './strings.fr';
import sw from './strings.sw';

type Key = 'routeErrorTitle' | 'routeErrorText' | 'reload' | 'goBack';
// This screen shows when code could not be loaded, its language's strings included: it carries its own (t14 D7).
const OWN: Record<Language, Record<Key, string>> = { en: COMMON_STRINGS, fr: fr.strings as Record<Key, string>, sw: sw.strings as Record<Key, string> };

/**
 * The owner's language: the screen's, else (the screen still English because the language's strings never arrived,
 * e.g. offline on the first load) the one kept on this device or on the account.
 */
export function errorLanguage(active: Language): Language {
  if (active !== 'en') return active;
  const user = getCurrentUser()?.language;
  return deviceLanguage() ?? (user === 'fr' || user === 'sw' ? user : 'en');
}

/**
 * Whether Reload can open the page: online, or offline with the service worker in charge (offline without it, the
 * browser shows its own offline page instead of the app: t23 X5).
 */
export function canReload(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine || !!navigator.serviceWorker?.controller;
}

/** Shown instead of a blank app, e.g. when a page chunk fails to load after an update. */
export function RouteError() {
  const text = OWN[errorLanguage(useLanguage())];
  const t = (key: Key) => text[key];
  // Worked out again when the connection comes or goes: Reload shows once back online.
  const reload = useSyncExternalStore(subscribeOnline, canReload, () => true);
  return (
    <Stack align="center" p="xl" ta="center" role="alert">
      <Title order={1} size="h3">
        {t('routeErrorTitle')}
      </Title>
      <Text c="dimmed">{t('routeErrorText')}</Text>
      <Group justify="center">
        {window.history.length > 1 && (
          <Button variant={reload ? 'default' : 'filled'} onClick={() => window.history.back()}>
            {t('goBack')}
          </Button>
        )}
        {reload && <Button onClick={() => window.location.reload()}>{t('reload')}</Button>}
      </Group>
    </Stack>
  );
}

/**
 * Catches what a route throws while rendering (a page chunk that fails to load included) and shows RouteError.
 * The app uses the plain (non-data) router to keep the first screen's JavaScript small, so this boundary does
 * what a data router's errorElement would. Going to another page (a new `path`) clears the error; the pages
 * themselves stay mounted across navigations.
 */
type Props = { path: string; children: ReactNode };
type State = { error: unknown; path: string };
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.path === state.path ? null : { error: null, path: props.path };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
