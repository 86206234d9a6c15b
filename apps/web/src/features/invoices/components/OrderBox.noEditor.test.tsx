import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../data/db';
import { renderUi } from '../../../ui/testing';
import { toast } from '../../../ui/toast';
import { signInMusa } from '../pages/editorTesting';
import { OrderBox } from './OrderBox';

beforeAll(() => signInMusa({ country: 'Nigeria' }, { invoice_prefix: 'INV-' }));
afterEach(cleanup);

describe('the order box when the editor cannot be loaded', () => {
  it('keeps the draft and the owner on the invoices tab, saying where the draft waits, instead of a broken page', async () => {
    const router = createMemoryRouter(
      [
        { path: '/tabs/invoice', element: <OrderBox /> },
        { path: '/new-invoice', element: <p>editor</p> },
      ],
      { initialEntries: ['/tabs/invoice'] },
    );
    // The editor's code cannot be had: offline on a first visit before it was ever fetched, no service worker yet (t14 D7).
    vi.doMock('../pages/NewInvoicePage', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const said = vi.spyOn(toast, 'success');
    renderUi(<RouterProvider router={router} />);
    fireEvent.change(await screen.findByLabelText('Type or say the order'), { target: { value: '2 caps 3k each for Bola' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Read the order' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create draft invoice' }));
    await waitFor(() =>
      expect(said).toHaveBeenCalledWith(expect.stringMatching(/^Draft invoice INV-\d+ saved: it opens for editing once you are back online/)),
    );
    expect(router.state.location.pathname).toBe('/tabs/invoice');
    expect(await db.invoices.count()).toBe(1);
  });
});
