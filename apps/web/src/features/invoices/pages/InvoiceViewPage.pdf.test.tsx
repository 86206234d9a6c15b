import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// t17 K4: the invoice and credit note pages showed "Download PDF" twice: the button above the preview and, in a browser
// that shows no PDF in the page, a second link inside it. The preview's fallback is a sentence now.
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a05';

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }));
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Uganda' }),
  );
  await db.contacts.put({ id: contact, name: 'Nakato Traders', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.put({
    ...sentInvoiceBase(contact, 'UGX', now),
    id: 'inv9',
    number: 'INV-0009',
    lines: [{ id: 'l1', description: 'Sugar', quantity: 1, unit_price: 150_000, fee_ids: [] }],
    payments: [],
    subtotal: 150_000,
    total_due: 150_000,
    amount_paid: 0,
    credited_total: 0,
    balance: 150_000,
    status: 'sent',
    public_id: 'pubinv9xxxxxxxxxxxxxxxxx',
  } as unknown as RecordMap['invoices']);
});
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the PDF preview (t17 K4)', () => {
  it('one "Download PDF"; a browser without a PDF viewer gets a sentence pointing to it', async () => {
    const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: ['/invoices/inv9'] });
    renderWithQueries(<RouterProvider router={router} />);
    await screen.findByTestId('download-pdf', undefined, { timeout: 20_000 });
    expect(screen.getAllByText('Download PDF')).toHaveLength(1);
    expect(screen.getByTestId('pdf-no-preview').textContent).toBe('This browser does not show the PDF here: tap Download PDF to open it.');
  }, 30_000);
});

describe('a browser that says it shows no PDF in the page (Chrome on Android, T25-3)', () => {
  it('gets the sentence and Download PDF, and no embedded preview that would stay a black box', async () => {
    cleanup();
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    try {
      const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: ['/invoices/inv9'] });
      renderWithQueries(<RouterProvider router={router} />);
      await screen.findByTestId('download-pdf', undefined, { timeout: 20_000 });
      expect(screen.queryByTestId('pdf-preview')).toBeNull();
      expect(screen.getByTestId('pdf-no-preview').textContent).toBe('This browser does not show the PDF here: tap Download PDF to open it.');
    } finally {
      delete (navigator as { pdfViewerEnabled?: boolean }).pdfViewerEnabled;
    }
  }, 30_000);
});
