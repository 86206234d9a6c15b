import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, type DukaDb } from '../../data/db';
import { setCurrentUser, type User } from '../../data/user';
import { renderUi } from '../../ui/testing';
import { FiscalStatus } from './FiscalStatus';
import { awaitingOnDevice, useFiscal } from './useFiscal';

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
const show = (doc: Parameters<typeof useFiscal>[0], onServer: boolean, d: DukaDb) =>
  renderUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <View doc={doc} onServer={onServer} d={d} />
    </QueryClientProvider>,
  );

beforeEach(() => setCurrentUser(kenyan));
afterEach(() => {
  cleanup();
  setCurrentUser(null);
  state.online = false;
  state.calls = [];
  state.answer = null;
});

describe('the fiscal state before the invoice reaches the server', { timeout: 30_000 }, () => {
  it('a Kenyan invoice finished offline says "Awaiting KRA"; after sync the server answers and it shows the fiscal block', async () => {
    const d = createDb(`fiscal-${crypto.randomUUID()}`);
    const { unmount } = show(finished, false, d);
    const awaiting = await screen.findByTestId('fiscal-awaiting', {}, { timeout: 10_000 });
    expect(awaiting.textContent).toContain('Awaiting KRA');
    expect(screen.queryByTestId('fiscal-test')).toBeNull(); // the device has not heard of TEST MODE yet
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
    await waitFor(async () => expect((await d.meta.get('fiscal:test-mode'))?.value).toBe('true'), { timeout: 10_000 });
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
    expect(awaitingOnDevice({ kind: 'invoice' }, 'Kenya', false)).toBeNull();
    expect(awaitingOnDevice({ kind: 'quote', sent_at: 'x' }, 'Kenya', false)).toBeNull();
    expect(awaitingOnDevice({ ...finished, voided_at: 'x' }, 'Kenya', false)).toBeNull();
    expect(awaitingOnDevice(finished, 'Nigeria', false)).toBeNull();
    expect(awaitingOnDevice({ kind: 'credit_note', credited_invoice_id: ID }, 'Kenya', true)).toMatchObject({ state: 'provisional', test: true });
    const d = createDb(`fiscal-${crypto.randomUUID()}`);
    setCurrentUser({ ...kenyan, country: 'Nigeria' });
    show(finished, false, d);
    expect(screen.queryByTestId('fiscal-awaiting')).toBeNull();
  });
});
