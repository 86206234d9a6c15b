import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { setLanguage } from '../../i18n';
import { db } from '../../data/db';
import { syncEngine } from '../../data/sync/engine';
import SyncStatus from './SyncStatus';
import { countUnsynced } from '../../data/parked';

beforeEach(async () => {
  localStorage.clear();
  await db.open();
  await Promise.all([db.queue.clear(), db.contacts.clear()]);
  // Offline: the engine started by the header does not run; the test drives the list itself.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('shows changes waiting while offline', async () => {
  await db.queue.add({
    mutation_id: crypto.randomUUID(),
    collection: 'contacts',
    op: 'upsert',
    id: crypto.randomUUID(),
    data: { name: 'Ada' },
    created_at: '',
    status: 'pending',
  });
  renderUi(
    <MemoryRouter>
      <SyncStatus />
    </MemoryRouter>,
  );
  await screen.findByText('Offline · 1 waiting');
});

it('counts what the log-out dialog counts: queued changes and receipt photos, from one place (issue 23)', async () => {
  await db.blobs.clear();
  for (let i = 0; i < 4; i++)
    await db.queue.add({
      mutation_id: crypto.randomUUID(),
      collection: 'contacts',
      op: 'upsert',
      id: crypto.randomUUID(),
      data: { name: `Client ${i}` },
      created_at: '',
      status: 'pending',
    });
  await db.blobs.put({ id: crypto.randomUUID(), collection: 'expenses', blob: new Blob(['x']), name: 'r.jpg', type: 'image/jpeg', created_at: '' });
  renderUi(
    <MemoryRouter>
      <SyncStatus />
    </MemoryRouter>,
  );
  await screen.findByText('Offline · 5 waiting');
  // The log-out dialog's number (features/accounts/logout.ts → countUnsynced).
  expect(await countUnsynced()).toBe(5);
  await db.blobs.clear();
});

it('lists rejected changes with the server’s reason; Discard (confirmed) drops the change and restores the server copy', async () => {
  const id = crypto.randomUUID();
  await db.contacts.put({
    id,
    name: 'Ada',
    permalink: 'ada',
    email: 'bad',
    phone: '',
    address: '',
    city: '',
    country: '',
    tax_id: '',
    notes: '',
    archived: false,
    created_at: '',
    updated_at: '',
  });
  await db.queue.add({
    mutation_id: crypto.randomUUID(),
    collection: 'contacts',
    op: 'upsert',
    id,
    data: { name: 'Ada', email: 'bad' },
    created_at: '',
    status: 'rejected',
    error: 'email: Not a valid e-mail address',
  });
  localStorage.setItem('token', 't');
  // The server never had this client: discarding removes the local copy too.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'Contact not found' } }), { status: 404 })),
  );
  renderUi(
    <MemoryRouter>
      <SyncStatus />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: '1 change to fix' }));
  await screen.findByText('email: Not a valid e-mail address');
  expect(screen.getByText(/Client · Save: Ada/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Fix' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
  expect(await db.queue.count()).toBe(1); // not before the confirmation
  fireEvent.click(screen.getAllByRole('button', { name: 'Discard' })[0]);
  await waitFor(async () => expect(await db.queue.count()).toBe(0));
  await waitFor(async () => expect(await db.contacts.get(id)).toBeUndefined());
});

it('shows a change held after repeated server errors with Fix and Discard', async () => {
  const id = crypto.randomUUID();
  await db.queue.add({
    mutation_id: crypto.randomUUID(),
    collection: 'contacts',
    op: 'upsert',
    id,
    data: { name: 'Bola' },
    created_at: '',
    status: 'rejected',
    held: true,
    attempts: 3,
    error: 'Something went wrong on the server',
  });
  renderUi(
    <MemoryRouter>
      <SyncStatus />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: '1 change to fix' }));
  await screen.findByText(
    'The server failed on this change several times (Something went wrong on the server). It is set aside on this device so your other changes keep syncing.',
  );
  expect(screen.getByText(/Client · Save: Bola/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Fix' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
});

it('says how far the first sync is, in the screen language with its digits (issue 30)', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const state = { ...syncEngine.getState(), online: true, syncing: true, error: null, progress: { done: 1240, total: 2000 } };
  vi.spyOn(syncEngine, 'getState').mockReturnValue(state);
  vi.spyOn(syncEngine, 'sync').mockResolvedValue(undefined);
  const view = () =>
    renderUi(
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>,
    );
  view();
  // The badge shows a percentage (the sentence was cut at 360 px in French); the sentence is for screen readers.
  const shown = async () => {
    const badge = await screen.findByTestId('sync-progress');
    return [badge.querySelector('[aria-hidden="true"]')?.textContent, badge.getAttribute('title')].map((x) => x?.replace(/\s/g, ' '));
  };
  expect(await shown()).toEqual(['Syncing 62%', 'Syncing 1,240 of 2,000']);
  expect(screen.getByText('Syncing 1,240 of 2,000')).toBeTruthy();
  cleanup();
  try {
    await setLanguage('fr');
    view();
    // French groups thousands with a narrow no-break space.
    expect(await shown()).toEqual(['Synchro 62 %', 'Synchronisation : 1 240 sur 2 000']);
    cleanup();
    await setLanguage('sw');
    view();
    expect(await shown()).toEqual(['Inasawazisha 62%', 'Inasawazisha 1,240 kati ya 2,000']);
  } finally {
    await setLanguage('en');
  }
  cleanup();
  // Without progress (an ordinary sync): just "Syncing…".
  vi.spyOn(syncEngine, 'getState').mockReturnValue({ ...state, progress: null });
  view();
  await screen.findByText('Syncing…');
});

it('asks to log in again when the server refused the session, in a role screen readers announce (t22 T1)', async () => {
  await db.queue.add({
    mutation_id: crypto.randomUUID(),
    collection: 'contacts',
    op: 'upsert',
    id: crypto.randomUUID(),
    data: { name: 'Expiry Test' },
    created_at: '',
    status: 'pending',
  });
  (syncEngine as unknown as { set(p: object): void }).set({ sessionEnded: true, loggedOut: true });
  renderUi(
    <MemoryRouter>
      <SyncStatus />
    </MemoryRouter>,
  );
  const button = await screen.findByRole('button', { name: 'Your session ended. Log in again to upload 1 change.' });
  expect(button.textContent).toBe('Log in again');
  expect(screen.getByTestId('sync-status').getAttribute('role')).toBe('alert');
  (syncEngine as unknown as { set(p: object): void }).set({ sessionEnded: false, loggedOut: false });
});
