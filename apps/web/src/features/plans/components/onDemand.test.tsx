import { Button } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { type DialogLoader, loadDialog, useDialogOnDemand } from './onDemand';

afterEach(() => cleanup());

function Dialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return opened ? (
    <div role="dialog" aria-label="Change Plan">
      <button onClick={onClose}>Close</button>
    </div>
  ) : null;
}

function Page({ load }: { load: DialogLoader<{ opened: boolean; onClose: () => void }> }) {
  const dialog = useDialogOnDemand(load);
  return (
    <>
      <Notifications />
      <Button onClick={dialog.open} loading={dialog.loading}>
        Change Plan
      </Button>
      {dialog.Dialog && <dialog.Dialog opened={dialog.opened} onClose={dialog.close} />}
    </>
  );
}

/** A dialog's code that arrives when `arrive` is called, or fails (offline) when `fail` is. */
function controlled() {
  const pending: { arrive: () => void; fail: () => void }[] = [];
  const load = loadDialog(
    () =>
      new Promise<ComponentType<{ opened: boolean; onClose: () => void }>>((resolve, reject) => {
        pending.push({ arrive: () => resolve(Dialog), fail: () => reject(new TypeError('Failed to fetch dynamically imported module')) });
      }),
  );
  return { load, pending };
}

describe('a dialog loaded when opened (issue 30)', () => {
  it('keeps the button busy while its code arrives, then opens; opened again it shows at once', async () => {
    const { load, pending } = controlled();
    renderUi(<Page load={load} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Change Plan' });
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    pending[0].arrive();
    await screen.findByRole('dialog', { name: 'Change Plan' });
    expect(button.hasAttribute('data-loading')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(button);
    await screen.findByRole('dialog', { name: 'Change Plan' });
    expect(pending).toHaveLength(1);
  });

  it('says so with Try again when its code cannot come, and opens once it does', async () => {
    const { load, pending } = controlled();
    renderUi(<Page load={load} />);
    const button = screen.getByRole('button', { name: 'Change Plan' });
    fireEvent.click(button);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].fail();
    await screen.findByText('This could not be opened: check your internet connection and try again.');
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1].arrive();
    await screen.findByRole('dialog', { name: 'Change Plan' });
  });
});
