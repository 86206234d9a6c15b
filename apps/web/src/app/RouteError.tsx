import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useStrings } from '../i18n';
import './strings';

/** Shown instead of a blank app, e.g. when a page chunk fails to load after an update. */
export function RouteError() {
  const { t } = useStrings('common');
  return (
    <Stack align="center" p="xl" ta="center" role="alert">
      <Title order={1} size="h3">
        {t('routeErrorTitle')}
      </Title>
      <Text c="dimmed">{t('routeErrorText')}</Text>
      <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
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
