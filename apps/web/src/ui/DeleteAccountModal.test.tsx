import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { DeleteAccountModal } from './DeleteAccountModal';
import { renderUi } from './testing';

afterEach(cleanup);

it('shows SPEC §4 title, text and buttons; Cancel closes, Delete confirms', () => {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  renderUi(<DeleteAccountModal opened onClose={onClose} onConfirm={onConfirm} />);
  const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
  expect(dialog.textContent).toContain('Note this will delete all your data from the product forever. Are sure you want to do this?');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledOnce();
  expect(onConfirm).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledOnce();
});

it('cannot be cancelled while the delete call runs', () => {
  const onClose = vi.fn();
  renderUi(<DeleteAccountModal opened onClose={onClose} onConfirm={() => {}} busy />);
  expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  expect(onClose).not.toHaveBeenCalled();
});

it('with changes not uploaded, says they go with the account and offers Stay / Delete anyway (issue 14 item 1)', () => {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  renderUi(<DeleteAccountModal opened onClose={onClose} onConfirm={onConfirm} unsynced={3} />);
  expect(screen.getByRole('alert').textContent).toBe('3 changes on this device have not reached the server yet. Deleting your account deletes them too.');
  fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
  expect(onClose).toHaveBeenCalledOnce();
  fireEvent.click(screen.getByRole('button', { name: 'Delete anyway' }));
  expect(onConfirm).toHaveBeenCalledOnce();
});
