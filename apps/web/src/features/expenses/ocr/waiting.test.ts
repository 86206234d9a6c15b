import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData, db, saveRecord } from '../../../data/db';
import { uploadReceipts } from '../../../data/sync/receipts';
import { useReceiptReading } from './useReceiptReading';
import { EXPENSE_STRINGS } from '../strings';
import fr from '../strings.fr';
import sw from '../strings.sw';
import { keepForReading, readWaitingReceipts } from './waiting';

// The reader's files cannot be fetched offline before their first use: tesseract's import fails then.
let online = false;
const NAIVAS = 'NAIVAS SUPERMARKET\nDate: 14/11/2026\nSUGAR 2KG 380.00\nOIL 1L 325.00\nBREAD 65.00\nSUBTOTAL 770.00\nVAT 16% 106.21\nTOTAL KES 770.00';
/** What the reader sees on the photo; null: the reader fails (a broken image). */
let seen: string | null = NAIVAS;
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
vi.mock('./ocr', async (original) => ({
  ...(await original<typeof import('./ocr')>()),
  readPhotoText: async () => {
    if (!online) throw new Error('Failed to fetch dynamically imported module');
    if (seen === null) throw new Error('The image could not be decoded');
    return seen;
  },
}));
const toasts: string[] = [];
const warnings: string[] = [];
vi.mock('../../../ui/toast', () => ({ toast: { success: (m: string) => toasts.push(m), danger: (m: string) => warnings.push(m), error: () => undefined } }));
afterAll(() => vi.restoreAllMocks());

beforeEach(async () => {
  online = false;
  seen = NAIVAS;
  toasts.length = 0;
  warnings.length = 0;
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'wanjiru', country: 'Kenya', invoice_settings: JSON.stringify({ currency: 'KES' }) }));
});

describe('a receipt photo picked offline before the reader was ever fetched (issue 29)', () => {
  it('says it will be read when online, keeps the photo with the hand-saved expense, and fills the empty fields once online', async () => {
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const { result } = renderHook(() => useReceiptReading('KES'));
    let state: Awaited<ReturnType<typeof result.current.read>> | undefined;
    await act(async () => {
      state = await result.current.read(photo);
    });
    expect(state).toEqual({ step: 'waiting' });

    // The owner saves the expense by hand meanwhile: an amount, nothing else.
    const expense = await saveRecord('expenses', { id: crypto.randomUUID(), amount: 77_000, currency: 'KES', date: '2026-11-14', category: '', vendor: '' });
    await keepForReading(expense.id, photo);
    expect(await readWaitingReceipts()).toEqual([]); // still offline: nothing read, the photo waits
    expect((await db.blobs.get(expense.id))?.read_pending).toBe(true);
    // Not uploaded before it is read (the upload would take it off the device).
    online = true;
    await db.expenses.update(expense.id, { version: 1 });
    await db.queue.clear();
    const calls: string[] = [];
    await uploadReceipts(db, (async (route: string) => void calls.push(route)) as never);
    expect(calls).toEqual([]);

    // Back online: read on the device, the empty fields filled, the amount the owner typed kept, the owner told.
    expect(await readWaitingReceipts()).toEqual([expense.id]);
    const filled = await db.expenses.get(expense.id);
    expect(filled).toMatchObject({ amount: 77_000, vendor: 'Naivas Supermarket', input_tax_amount: 10_621 });
    expect(filled?.category).not.toBe('');
    expect(toasts).toEqual([expect.stringContaining('Naivas Supermarket')]);
    expect((await db.blobs.get(expense.id))?.read_pending).toBe(false);
    expect((await db.queue.toArray()).map((q) => q.collection)).toEqual(['expenses']);
    // Read once only.
    expect(await readWaitingReceipts()).toEqual([]);
  });

  // The date read from the receipt (14/11/2026) replaces the expense's only when the owner left the form's date at its
  // default (keepForReading's defaultDate: the date the new expense's form opened with), and it is still that date.
  it.each([
    ['left at its default', { defaultDate: '2026-11-20' }, undefined, '2026-11-14'],
    ['chosen by the owner', {}, undefined, '2026-11-20'],
    ['changed since it was saved', { defaultDate: '2026-11-20' }, '2026-11-18', '2026-11-18'],
  ] as const)('the date %s: after the reading it is %s', async (_case, kept, changedTo, expected) => {
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const expense = await saveRecord('expenses', { id: crypto.randomUUID(), amount: 0, currency: 'KES', date: '2026-11-20', category: '', vendor: '' });
    await keepForReading(expense.id, photo, kept);
    if (changedTo) await saveRecord('expenses', { ...expense, date: changedTo });
    online = true;
    expect(await readWaitingReceipts()).toEqual([expense.id]);
    expect(await db.expenses.get(expense.id)).toMatchObject({ date: expected, amount: 77_000, vendor: 'Naivas Supermarket' });
    expect(toasts).toEqual([
      expected === '2026-11-14'
        ? expect.stringContaining('The empty fields and the date were filled')
        : expect.stringContaining('The empty fields were filled'),
    ]);
  });
});

describe('the waiting note says the expense can be saved now, as the list will show it (issue 29)', () => {
  const en = EXPENSE_STRINGS;
  const other = (t: { strings: Record<string, unknown> }) => t.strings as unknown as typeof EXPENSE_STRINGS;
  it.each([
    ['en', en],
    ['fr', other(fr)],
    ['sw', other(sw)],
  ] as const)('%s: names the amount, the category and the pending label of the list', (_lang, s) => {
    const note = s.scan.waiting.toLowerCase();
    expect(note).toContain(s.form.amount.toLowerCase());
    expect(note).toContain(s.form.category.toLowerCase());
    expect(note).toContain(s.pendingAmount.toLowerCase());
  });

  it('an expense saved offline with its amount and category gets its vendor and tax from the photo once online', async () => {
    const expense = await saveRecord('expenses', {
      id: crypto.randomUUID(),
      amount: 77_000,
      currency: 'KES',
      date: '2026-11-14',
      category: 'Stock',
      vendor: '',
    });
    await keepForReading(expense.id, new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    online = true;
    expect(await readWaitingReceipts()).toEqual([expense.id]);
    expect(await db.expenses.get(expense.id)).toMatchObject({ amount: 77_000, category: 'Stock', vendor: 'Naivas Supermarket', input_tax_amount: 10_621 });
  });
});

describe('back online, a waiting photo is read by the server (issue 29)', () => {
  it('sends the kept photo to POST /expenses/receipt-scan and fills from its reading; the device reads when the server is busy', async () => {
    const sent: string[] = [];
    let status = 200;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push(`${String(url)} ${(init?.body as FormData).get('photo') instanceof Blob}`);
        const body =
          status === 200
            ? {
                source: 'ocr',
                text: 'QUICKMART',
                draft: {
                  ...{ vendor: 'Quickmart Kilimani', date: '2026-11-14', currency: 'KES', currency_found: true, total: 45_000 },
                  ...{ subtotal: null, tax: 6207, tax_rate_bps: null, category: null, total_check: 'none', readable: true },
                },
              }
            : { error: { code: 'unavailable', message: 'The receipt reader is busy' } };
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }),
    );
    // fake-indexeddb keeps a jsdom Blob as a plain object (a browser keeps the Blob): the photo read back is a Blob.
    const real = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const filter = db.blobs.filter.bind(db.blobs);
    const kept = vi.spyOn(db.blobs, 'filter').mockImplementation((fn) => {
      const found = filter(fn);
      return { toArray: async () => (await found.toArray()).map((b) => ({ ...b, blob: real })) } as never;
    });
    try {
      const blank = { currency: 'KES', date: '2026-11-14', category: '', vendor: '', amount: 0 };
      const first = await saveRecord('expenses', { id: crypto.randomUUID(), ...blank });
      await keepForReading(first.id, new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
      online = true;
      expect(await readWaitingReceipts()).toEqual([first.id]);
      expect(sent).toEqual(['/api/expenses/receipt-scan?language=en true']);
      expect(await db.expenses.get(first.id)).toMatchObject({ amount: 45_000, vendor: 'Quickmart Kilimani', input_tax_amount: 6207 });

      status = 503;
      const second = await saveRecord('expenses', { id: crypto.randomUUID(), ...blank });
      await keepForReading(second.id, new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
      expect(await readWaitingReceipts()).toEqual([second.id]);
      expect(await db.expenses.get(second.id)).toMatchObject({ amount: 77_000, vendor: 'Naivas Supermarket' });
    } finally {
      kept.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

describe('an expense saved offline without its amount: "Amount to be read from the photo" (issue 29)', () => {
  const savePending = async () => {
    const expense = await saveRecord('expenses', {
      id: crypto.randomUUID(),
      amount: 0,
      currency: 'KES',
      date: '2026-11-20',
      category: '',
      amount_pending: 'to_read',
    });
    await keepForReading(expense.id, new Blob(['jpeg bytes'], { type: 'image/jpeg' }), { defaultDate: '2026-11-20' });
    return expense;
  };

  it('back online: the amount and the empty fields are filled, it is pending no more, and the owner is told', async () => {
    const expense = await savePending();
    expect(await readWaitingReceipts()).toEqual([]); // offline: it waits
    expect(await db.expenses.get(expense.id)).toMatchObject({ amount_pending: 'to_read' });
    online = true;
    expect(await readWaitingReceipts()).toEqual([expense.id]);
    const read = await db.expenses.get(expense.id);
    expect(read).toMatchObject({ amount: 77_000, amount_pending: null, vendor: 'Naivas Supermarket', date: '2026-11-14', input_tax: 10_621 });
    expect(read?.category).not.toBe('');
    expect(toasts).toEqual([expect.stringMatching(/^Receipt read: Naivas Supermarket, KSh\s?770(\.00)?\. The amount and the empty fields were filled/)]);
    // Queued for the server as an ordinary expense now.
    const queued = await db.queue.toArray();
    expect(queued.at(-1)?.data).toMatchObject({ amount: 77_000, amount_pending: null });
  });

  it('no amount on the photo: it stays out of the totals, marked unreadable, and the owner is asked to type it', async () => {
    const expense = await savePending();
    seen = 'a blurry photo with no prices';
    online = true;
    expect(await readWaitingReceipts()).toEqual([]);
    expect(await db.expenses.get(expense.id)).toMatchObject({ amount: 0, amount_pending: 'unreadable' });
    expect(warnings).toEqual(['The amount of your expense could not be read from the photo. Open the expense and type its amount.']);
    expect((await db.blobs.get(expense.id))?.read_pending).toBe(false); // not read again; uploaded as it is
  });

  it('a photo the reader cannot open (online): the same', async () => {
    const expense = await savePending();
    seen = null;
    online = true;
    await readWaitingReceipts();
    expect(await db.expenses.get(expense.id)).toMatchObject({ amount_pending: 'unreadable' });
    expect(warnings).toHaveLength(1);
  });

  it('an amount typed meanwhile (on this device or another) ends the pending state: the reading then fills only the empty fields', async () => {
    const expense = await savePending();
    await saveRecord('expenses', { ...expense, amount: 80_000, category: 'Stock', amount_pending: null });
    online = true;
    await readWaitingReceipts();
    expect(await db.expenses.get(expense.id)).toMatchObject({ amount: 80_000, amount_pending: null, vendor: 'Naivas Supermarket' });
    expect(toasts).toEqual([expect.stringContaining('The empty fields and the date were filled')]);
  });
});
