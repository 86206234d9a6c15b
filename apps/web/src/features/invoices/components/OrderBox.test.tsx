import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, saveRecord } from '../../../data/db';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { signInMusa } from '../pages/editorTesting';
import { OrderBox } from './OrderBox';

const now = '2026-11-22T10:00:00.000Z';
const ADE = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01';

beforeAll(async () => {
  signInMusa({ country: 'Nigeria' }, { invoice_prefix: 'INV-' });
  await db.catalogs.put({
    id: 'c1',
    name: 'Agbada',
    description: '',
    unit_price: 2_500_000,
    unit: 'piece',
    sku: '',
    active: true,
    created_at: now,
    updated_at: now,
  });
  const fee = {
    kind: 'fee' as const,
    calculation: 'fixed' as const,
    percentage_bps: 0,
    inclusive: false,
    subject_to_tax: false,
    created_at: now,
    updated_at: now,
  };
  await db.fees.put({ ...fee, id: 'f-delivery', name: 'Delivery', amount: 200_000, default_on: false });
  await db.fees.put({ ...fee, id: 'f-vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, default_on: true });
  await saveRecord('contacts', { id: ADE, name: 'Chinedu Okafor', permalink: 'chinedu-okafor' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's answer to POST /orders/draft (the route itself is tested against a local model server). */
function serverAnswers(answer: unknown) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/tabs/invoice', element: <OrderBox /> },
      { path: '/new-invoice', element: <p>editor</p> },
    ],
    { initialEntries: ['/tabs/invoice'] },
  );
  renderUi(<RouterProvider router={router} />);
  return router;
}

describe('the order box', () => {
  it('reads an order on the device, shows every part for review, and saves a draft invoice only on OK', async () => {
    const router = open();
    const box = await screen.findByLabelText('Type or say the order');
    // No speech recognition in this browser: no microphone button.
    expect(screen.queryByRole('button', { name: 'Say the order' })).toBeNull();
    // The button waits for the catalog, the clients and the fees on this device.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    expect(await screen.findByText('Type the order first')).toBeTruthy();

    fireEvent.change(box, { target: { value: '2 agbada 25k each for Chinedu, 1 gele 4k, delivery 3k, due in 2 weeks, ring the bell twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    const review = await screen.findByRole('region', { name: 'Check the draft invoice' });
    expect(within(review).getByTestId('order-client').textContent).toContain('Chinedu Okafor');
    const lines = within(review).getAllByTestId('order-line');
    expect(lines.map((l) => l.textContent)).toEqual(['2 × AgbadaFrom the catalog₦25,000', '1 × GeleNew item₦4,000']);
    // VAT is on by default for a new invoice; delivery was named with its amount.
    expect(
      within(review)
        .getAllByTestId('order-fee')
        .map((f) => f.textContent),
    ).toEqual(['VAT₦4,050', 'Delivery₦3,000']);
    expect(within(review).getByTestId('order-remainder').textContent).toContain('ring the bell twice');
    // 54,000 + 7.5% VAT (4,050) + 3,000 delivery.
    expect(within(review).getByTestId('order-total').textContent).toBe('₦61,050');
    expect(await db.invoices.count()).toBe(0);

    fireEvent.click(within(review).getByRole('button', { name: 'Create draft invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-invoice'));
    const id = new URLSearchParams(router.state.location.search).get('id') ?? '';
    const stored = await db.invoices.get(id);
    expect(stored).toMatchObject({ status: 'draft', contact_id: ADE, total_due: 6_105_000, fee_ids: ['f-vat', 'f-delivery'] });
    expect(stored?.lines.map((l) => [l.catalog_id, l.description, l.quantity, l.unit_price])).toEqual([
      ['c1', 'Agbada', 2, 2_500_000],
      [null, 'Gele', 1, 400_000],
    ]);
    expect(await db.queue.where('id').equals(id).count()).toBe(1);
  }, 30_000);

  it('creates a new client named in the order, and shows the microphone where the browser can listen', async () => {
    class FakeRecognition {
      lang = '';
      start() {}
      stop() {}
    }
    (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    try {
      const router = open();
      expect(await screen.findByRole('button', { name: 'Say the order' })).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Type or say the order'), { target: { value: '3 agbada for Tunde Bakare' } });
      await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
      const review = await screen.findByRole('region', { name: 'Check the draft invoice' });
      expect(within(review).getByTestId('order-client').textContent).toBe('Client: Tunde Bakare (new client)');
      fireEvent.click(within(review).getByRole('button', { name: 'Create draft invoice' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/new-invoice'));
      const stored = await db.invoices.get(new URLSearchParams(router.state.location.search).get('id') ?? '');
      const client = await db.contacts.get(String(stored?.contact_id));
      expect(client?.name).toBe('Tunde Bakare');
    } finally {
      delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    }
  }, 30_000);

  it('online, shows the device’s reading at once, then the AI model’s when the server has one (labelled)', async () => {
    const calls = serverAnswers({
      source: 'model',
      draft: {
        client: { contact_id: ADE, name: 'Chinedu Okafor' },
        lines: [{ catalog_id: 'c1', description: 'Agbada', quantity: 3, unit_price: 2_400_000, price_stated: true }],
        fees: [],
        due_date: null,
        remainder: [],
        currency: 'NGN',
      },
    });
    open();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Type or say the order'), { target: { value: 'Chinedu wants three of the agbada at 24k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    const review = await screen.findByRole('region', { name: 'Check the draft invoice' });
    await waitFor(() => expect(within(review).getByTestId('order-source').textContent).toBe('Read by the AI model'));
    expect(
      within(review)
        .getAllByTestId('order-line')
        .map((l) => l.textContent),
    ).toEqual(['3 × AgbadaFrom the catalog₦24,000']);
    expect(calls).toEqual([{ url: expect.stringMatching(/\/api\/orders\/draft$/), body: { text: 'Chinedu wants three of the agbada at 24k' } }]);
  }, 30_000);

  it('keeps the device’s reading when the server answers with its parser, or offline asks nothing', async () => {
    serverAnswers({ source: 'parser', draft: { client: null, lines: [], fees: [], due_date: null, remainder: ['x'], currency: 'NGN' } });
    open();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Type or say the order'), { target: { value: '2 agbada for Chinedu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    const review = await screen.findByRole('region', { name: 'Check the draft invoice' });
    await waitFor(() => expect(within(review).getByTestId('order-source').textContent).toBe('Read on this device'));
    expect(within(review).getAllByTestId('order-line')).toHaveLength(1);
    cleanup();

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = serverAnswers({});
    try {
      open();
      await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
      fireEvent.change(screen.getByLabelText('Type or say the order'), { target: { value: '2 agbada for Chinedu' } });
      fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
      const again = await screen.findByRole('region', { name: 'Check the draft invoice' });
      expect(within(again).getByTestId('order-source').textContent).toBe('Read on this device');
      expect(calls).toEqual([]);
    } finally {
      offline.mockRestore();
    }
  }, 30_000);

  it.each([
    ['fr', '2 agbada pour Paul', 'Client : Paul (nouveau client)', 'Échéance : ', 'Vérifiez le brouillon de facture', 'Lire la commande'],
    ['sw', 'agbada 2 kwa Paul', 'Mteja: Paul (mteja mpya)', 'Tarehe ya mwisho: ', 'Kagua rasimu ya ankara', 'Soma oda'],
    ['en', '2 agbada for Paul', 'Client: Paul (new client)', 'Due date: ', 'Check the draft invoice', 'Read the order'],
  ] as const)(
    'in %s the review names the client once: "%s" → "%s" (t16)',
    async (lng, text, client, due, title, readLabel) => {
      await setLanguage(lng);
      try {
        open();
        const box = await screen.findByRole('textbox');
        fireEvent.change(box, { target: { value: text } });
        await waitFor(() => expect((screen.getByRole('button', { name: readLabel }) as HTMLButtonElement).disabled).toBe(false));
        fireEvent.click(screen.getByRole('button', { name: readLabel }));
        const review = await screen.findByRole('region', { name: title });
        expect(within(review).getByTestId('order-client').textContent).toBe(client);
        expect(within(review).getByTestId('order-due').textContent?.startsWith(due)).toBe(true);
      } finally {
        await setLanguage('en');
      }
    },
    30_000,
  );

  it('shows an example order of the owner’s own country, in their language when it has one there', async () => {
    open();
    expect(await screen.findByText('For example: 2 agbada 25k each for Chinedu, delivery 3k, due Friday')).toBeTruthy();
    cleanup();
    signInMusa({ country: 'Kenya' }, { invoice_prefix: 'INV-', currency: 'KES' });
    try {
      open();
      expect(await screen.findByText('For example: 3 kitenge 1,500 each for Wanjiku, delivery 200, due Friday')).toBeTruthy();
      cleanup();
      await setLanguage('sw');
      open();
      expect(await screen.findByText('Kwa mfano: vitenge 3 bei 1,500 kila kimoja kwa Wanjiku, usafirishaji 200, Ijumaa')).toBeTruthy();
      cleanup();
      // No Swahili example for a Nigerian shop: Swahili's own.
      signInMusa({ country: 'Nigeria' }, { invoice_prefix: 'INV-' });
      open();
      expect(await screen.findByText('Kwa mfano: chapati tatu kwa Juma, usafirishaji 100, kesho')).toBeTruthy();
    } finally {
      await setLanguage('en');
      signInMusa({ country: 'Nigeria' }, { invoice_prefix: 'INV-' });
    }
  }, 30_000);

  it('markup typed as an order is shown as text, never as HTML, and prices no line (t16)', async () => {
    open();
    const text = '2 agbada 25k each, 2 <img src=x onerror=alert(1)> 500 each';
    fireEvent.change(await screen.findByLabelText('Type or say the order'), { target: { value: text } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    const review = await screen.findByRole('region', { name: 'Check the draft invoice' });
    expect(
      within(review)
        .getAllByTestId('order-line')
        .map((l) => l.textContent),
    ).toEqual([expect.stringMatching(/^2 × Agbada/)]);
    expect(within(review).getByTestId('order-remainder').textContent).toContain('2 <img src=x onerror=alert(1)> 500 each');
    expect(review.querySelector('img')).toBeNull();
  }, 30_000);
});
