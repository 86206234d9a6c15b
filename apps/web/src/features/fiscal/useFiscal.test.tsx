import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, type DukaDb } from '../../data/db';
import { setCurrentUser, type User } from '../../data/user';
import { renderWithQueries } from '../../ui/testing';
import { FiscalStatus } from './FiscalStatus';
import { fetchAccountState } from '../accounts/useAppState';
import { db } from '../../data/db';
import { fiscalModeOnDevice } from './mode';
import { awaitingOnDevice, pdfFiscal, useFiscal } from './useFiscal';

const state = vi.hoisted(() => ({ online: false, calls: [] as string[], answer: null as unknown }));
vi.mock('../../data/sync/hooks', () => ({ useSyncState: () => ({ online: state.online }) }));
vi.mock('../../data/api', async (original) => {
  const actual = await original<typeof import('../../data/api')>();
  return {
    ...actual,
    api: async (key: string) => {
      state.calls.push(key);
      return state.answer;
    },
  };
});

const ID = '5b0e2f7c-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const kenyan = { id: 'u1', name: 'Wanjiku', username: 'w', email: 'w@example.com', company_name: 'Wanjiku Hardware', country: 'Kenya' } as User;
const finished = { id: ID, kind: 'invoice', finished_at: '2026-11-26T08:00:00.000Z', sent_at: null, voided_at: null };
const fiscalised = {
  state: 'fiscalised',
  test: true,
  control_unit_id: 'DUKATESTABCD1234',
  fiscal_number: '1',
  receipt_label: '1/1 TS',
  internal_data: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  signature: 'ABCDEFGHIJKLMNOP',
  fiscal_datetime: '2026-11-26T08:00:05.000Z',
  qr_text: '26112026#110005#DUKATESTABCD1234#1/1 TS#ABCDEFGHIJKLMNOPQRSTUVWXYZ#ABCDEFGHIJKLMNOP',
  error: null,
  attempts: 1,
};

function View({ doc, onServer, d }: { doc: Parameters<typeof useFiscal>[0]; onServer: boolean; d: DukaDb }) {
  const { view } = useFiscal(doc, onServer, d);
  return (
    <>
      <p data-testid="view-state">{view === null ? 'none' : String(view.state)}</p>
      <FiscalStatus invoiceId={ID} view={view} />
    </>
  );
}
const show = (doc: Parameters<typeof useFiscal>[0], onServer: boolean, d: DukaDb) => renderWithQueries(<View doc={doc} onServer={onServer} d={d} />);

beforeEach(() => setCurrentUser(kenyan));
afterEach(() => {
  cleanup();
  setCurrentUser(null);
  state.online = false;
  state.calls = [];
  state.answer = null;
});

describe('the fiscal state before the invoice reaches the server', { timeout: 30_000 }, () => {
  it('a Kenyan invoice finished offline awaits its signature in neutral words until the device knows the mode; after sync it shows the fiscal block', async () => {
    const d = createDb(`fiscal-${crypto.randomUUID()}`);
    const { unmount } = show(finished, false, d);
    const awaiting = await screen.findByTestId('fiscal-awaiting', {}, { timeout: 10_000 });
    // The device has not heard whether KRA or TEST MODE signs: it claims neither.
    expect(awaiting.textContent).toBe('Awaiting its fiscal signatureDuka signs it once it reaches the server; you can share it meanwhile.');
    expect(awaiting.textContent).not.toMatch(/KRA|TEST/);
    expect(screen.queryByTestId('fiscal-test')).toBeNull();
    expect(state.calls).toEqual([]);
    unmount();

    // Synced: the server has fiscalised it; its answer (and its TEST MODE) is kept on the device.
    state.online = true;
    state.answer = fiscalised;
    show({ ...finished }, true, d);
    const block = await screen.findByTestId('fiscal-block', {}, { timeout: 10_000 });
    // TEST MODE: signed by Duka's test unit, not KRA, and the view says so (issue 26).
    expect(screen.getByTestId('fiscal-title').textContent).toBe('Signed in TEST MODE (not sent to KRA)');
    expect(block.textContent).not.toContain('Fiscalised with KRA');
    expect(block.textContent).toContain('1 · Receipt 1/1 TS');
    expect(screen.queryByTestId('fiscal-awaiting')).toBeNull();
    await waitFor(async () => expect(await fiscalModeOnDevice(d)).toBe('test'), { timeout: 10_000 });
    cleanup();

    // The next invoice made offline says it awaits KRA in TEST MODE.
    state.online = false;
    show({ ...finished, id: crypto.randomUUID() }, false, d);
    await screen.findByTestId('fiscal-awaiting', {}, { timeout: 10_000 });
    await screen.findByTestId('fiscal-test', {}, { timeout: 10_000 });
  });

  it('a document the server holds without a fiscal state is left as the server says, unless a change is still to be pushed', async () => {
    const d = createDb(`fiscal-${crypto.randomUUID()}`);
    state.online = true;
    state.answer = { ...fiscalised, state: null, control_unit_id: null, fiscal_number: null, receipt_label: null, qr_text: null, attempts: 0 };
    // e.g. sent before the business fiscalised: nothing to show.
    show(finished, true, d);
    // The server's answer is in (state null), and nothing is shown.
    await waitFor(() => expect(screen.getByTestId('view-state').textContent).toBe('null'), { timeout: 10_000 });
    expect(screen.queryByTestId('fiscal-awaiting')).toBeNull();
    cleanup();
    // A draft on the server, finished on this device and not pushed yet: awaiting KRA.
    await d.queue.add({ mutation_id: crypto.randomUUID(), collection: 'invoices', id: ID, status: 'pending' } as never);
    show(finished, true, d);
    await screen.findByTestId('fiscal-awaiting', {}, { timeout: 10_000 });
  });

  it('nothing for a draft, a quote, a void invoice, or a business outside Kenya', () => {
    expect(awaitingOnDevice({ kind: 'invoice' }, 'Kenya', 'test')).toBeNull();
    expect(awaitingOnDevice({ kind: 'quote', sent_at: 'x' }, 'Kenya', 'test')).toBeNull();
    expect(awaitingOnDevice({ ...finished, voided_at: 'x' }, 'Kenya', 'etims')).toBeNull();
    expect(awaitingOnDevice(finished, 'Nigeria', null)).toBeNull();
    // The server said this business is not fiscalised.
    expect(awaitingOnDevice(finished, 'Kenya', 'off')).toBeNull();
    expect(awaitingOnDevice({ kind: 'credit_note', credited_invoice_id: ID }, 'Kenya', 'test')).toMatchObject({ state: 'provisional', test: true });
    expect(awaitingOnDevice(finished, 'Kenya', null)).toMatchObject({ state: 'provisional', test: false, mode_unknown: true });
    expect(pdfFiscal(awaitingOnDevice(finished, 'Kenya', null), null)).toBeNull();
    expect(pdfFiscal(awaitingOnDevice(finished, 'Kenya', 'test'), null)).toEqual({ state: 'provisional', test: true });
    const d = createDb(`fiscal-${crypto.randomUUID()}`);
    setCurrentUser({ ...kenyan, country: 'Nigeria' });
    show(finished, false, d);
    expect(screen.queryByTestId('fiscal-awaiting')).toBeNull();
  });

  it("learns the business's fiscal mode with the account state (GET /state): an invoice finished offline right after says TEST MODE, or KRA", async () => {
    await db.meta.clear();
    // The first answer of GET /state, before any invoice or fiscal page was opened.
    state.online = true;
    state.answer = { user: kenyan, credit: 0, plan: 'free', counts: {}, fiscal: 'test' };
    await fetchAccountState();
    expect(state.calls).toEqual(['GET /state']);
    expect(await fiscalModeOnDevice(db)).toBe('test');
    state.online = false;
    show(finished, false, db);
    const awaiting = await screen.findByTestId('fiscal-awaiting', {}, { timeout: 10_000 });
    await waitFor(() => expect(awaiting.textContent).toContain('Awaiting its TEST MODE signature'), { timeout: 10_000 });
    expect(awaiting.textContent).toContain('nothing is sent to KRA');
    expect(awaiting.textContent).not.toContain('Duka sends it to KRA');
    screen.getByTestId('fiscal-test');
    cleanup();

    // With eTIMS settings the device says KRA; a business the server does not fiscalise shows nothing.
    state.answer = { user: kenyan, credit: 0, plan: 'free', counts: {}, fiscal: 'etims' };
    await fetchAccountState();
    show(finished, false, db);
    await waitFor(() => expect(screen.getByTestId('fiscal-awaiting').textContent).toContain('Awaiting KRA'), { timeout: 10_000 });
    expect(screen.queryByTestId('fiscal-test')).toBeNull();
    cleanup();
    state.answer = { user: kenyan, credit: 0, plan: 'free', counts: {}, fiscal: 'off' };
    await fetchAccountState();
    show(finished, false, db);
    await waitFor(() => expect(screen.getByTestId('view-state').textContent).toBe('none'), { timeout: 10_000 });
    expect(screen.queryByTestId('fiscal-awaiting')).toBeNull();
  });
});
