import { TOAST_MS } from '@duka/core';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ComponentType, useCallback, useState } from 'react';
import { loadFullStyles } from '../../../boot/styles';
import { i18next, useStrings } from '../../../i18n';
import '../strings';

/** A dialog's code, loaded on demand: its component, once in (a module-level constant: loadDialog). */
export type DialogLoader<P> = () => Promise<ComponentType<P>>;

/** The dialogs loaded in this page's life: opened again (or on another page), they show at once. */
const loaded = new WeakMap<DialogLoader<never>, ComponentType<never>>();
const known = <P,>(load: DialogLoader<P>) => (loaded.get(load as DialogLoader<never>) as ComponentType<P> | undefined) ?? null;

/** Loads a dialog's code with the rest of Mantine's CSS (the dialogs use more of it than the pages). */
export function loadDialog<P>(load: () => Promise<ComponentType<P>>): DialogLoader<P> {
  const loader: DialogLoader<P> = () =>
    Promise.all([load(), loadFullStyles()]).then(([dialog]) => {
      loaded.set(loader as DialogLoader<never>, dialog as ComponentType<never>);
      return dialog;
    });
  return loader;
}

export interface DialogOnDemand<P> {
  /** The dialog, from the first time it was opened on (it stays mounted for its closing animation); null before. */
  Dialog: ComponentType<P> | null;
  opened: boolean;
  /** Its code is on the way: the button that opens it shows it busy. */
  loading: boolean;
  open: () => void;
  close: () => void;
}

/**
 * A dialog whose code loads when it is first opened, not with the page (issue 30: Mantine's Modal stack with its
 * scroll area, focus trap and floating-ui is ~30 KB gz, which plan/subscribe and settings/billing need only when a
 * button is pressed). While the code arrives the button is busy; when it cannot come (offline before the app was
 * kept on the device, a new version) a toast says so with a Try again button, and the button works again too.
 */
export function useDialogOnDemand<P>(load: DialogLoader<P>): DialogOnDemand<P> {
  const { t } = useStrings('plans');
  const [state, setState] = useState(() => ({ Dialog: known(load), opened: false, loading: false }));
  const open = useCallback(() => {
    const start = () => {
      const ready = known(load);
      if (ready) {
        setState({ Dialog: ready, opened: true, loading: false });
        return;
      }
      setState((s) => ({ ...s, loading: true }));
      load().then(
        (Dialog) => setState({ Dialog, opened: true, loading: false }),
        () => {
          setState((s) => ({ ...s, loading: false }));
          const id = notifications.show({
            color: 'red',
            autoClose: TOAST_MS.actionFailed,
            closeButtonProps: { 'aria-label': i18next.t('ui:close') },
            message: (
              <Group gap="sm" justify="space-between" wrap="nowrap">
                <Text size="sm">{t('dialogFailed')}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    notifications.hide(id);
                    start();
                  }}
                >
                  {t('retry')}
                </Button>
              </Group>
            ),
          });
        },
      );
    };
    start();
  }, [load, t]);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}

/** The billing pages' dialogs (SPEC modal 5 Change Plan, the credit packs, Cancel plan): each loads when opened. */
export const loadChangePlanModal = loadDialog(() => import('./ChangePlanModal').then((m) => m.ChangePlanModal));
export const loadCreditPacksModal = loadDialog(() => import('./CreditPacks').then((m) => m.CreditPacksModal));
export const loadCancelPlanModal = loadDialog(() => import('./CancelPlanModal').then((m) => m.CancelPlanModal));
