import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { RemindersPanel } from './RemindersPanel';

/** Issue 23 item 13: the panel follows the invoice without a reload; SMS now previews and asks; a free plan is told. */
const state = vi.hoisted(() => ({ open: false, calls: [] as string[] }));
vi.mock('../../data/sync/hooks', () => ({ useSyncState: () => ({ online: true }) }));
vi.mock('../../data/api', async (original) => {
  const actual = await original<typeof import('../../data/api')>();
  const view = () => ({
    rule: { enabled: true, before_days: 3, on_due: true, overdue_every_days: 7, overdue_limit: 3, channels: ['email'] },
    own_rule: false,
    stopped: null,
    automatic: false,
    open: state.open,
    upcoming: state.open ? [{ kind: 'due', date: '2026-12-01', channels: ['email'] }] : [],
    log: [],
    whatsapp_text: 'Hello Baraka Hotel, a reminder: invoice INV-0001 for KSh8,000 is due.',
    phone: '+254712000111',
  });
  return {
    ...actual,
    api: async (key: string) => {
      state.calls.push(key);
      return view();
    },
  };
});

const ID = '0b7c5a8e-2f43-4d3b-9a57-1d1d2a3e4f50';
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrap = (qc: QueryClient, ui: ReactElement) => (
  <MemoryRouter>
    <QueryClientProvider client={qc}>{ui}</QueryClientProvider>
  </MemoryRouter>
);

afterEach(() => {
  cleanup();
  state.open = false;
  state.calls = [];
});

describe('RemindersPanel', () => {
  it('refreshes when the invoice changes (sent), without a reload', async () => {
    let setRevision: (r: string) => void = () => undefined;
    function Page() {
      const [revision, set] = useState('1:draft');
      setRevision = set;
      return <RemindersPanel invoiceId={ID} onServer revision={revision} />;
    }
    renderUi(wrap(client(), <Page />));
    await screen.findByText('No reminders: nothing is owed or the invoice was not sent.');
    state.open = true;
    act(() => setRevision('2:sent'));
    await screen.findByTestId('reminders-upcoming');
    expect(screen.queryByText('No reminders: nothing is owed or the invoice was not sent.')).toBeNull();
  });

  it('SMS now shows the text and the number, and sends only after Send SMS', async () => {
    state.open = true;
    renderUi(wrap(client(), <RemindersPanel invoiceId={ID} onServer revision="1" />));
    fireEvent.click(await screen.findByRole('button', { name: 'SMS now' }));
    const preview = await screen.findByTestId('sms-preview');
    expect(preview.textContent).toContain('Hello Baraka Hotel');
    expect(screen.getByText('To +254712000111:')).toBeTruthy();
    expect(state.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    await waitFor(() => expect(state.calls).toContain('POST /invoices/:id/reminders/send'));
  });

  it('a plan without automatic reminders says they will not run when they are switched on', async () => {
    state.open = true;
    renderUi(wrap(client(), <RemindersPanel invoiceId={ID} onServer revision="1" />));
    fireEvent.click(await screen.findByRole('button', { name: 'Change for this invoice' }));
    await screen.findByTestId('reminders-wont-run');
    fireEvent.click(screen.getByRole('switch', { name: 'Send reminders automatically' }));
    await waitFor(() => expect(screen.queryByTestId('reminders-wont-run')).toBeNull());
  });
});
