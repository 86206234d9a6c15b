import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { PAGES } from '../../../paths';
import { renderWithQueries } from '../../../ui/testing';
import NewInvoicePage from './NewInvoicePage';

/** Tests of the invoice editor and of what opens it: an owner signed in on this device (as Log in leaves it), Musa, who invoices in naira. */
export function signInMusa(changes: Record<string, unknown> = {}, invoiceSettings: Record<string, unknown> = {}): void {
  const user = { id: 'u', name: 'Musa', username: 'musa', email: 'm@example.com', company_name: 'Musa Traders', ...changes };
  localStorage.setItem('user', JSON.stringify({ ...user, invoice_settings: JSON.stringify({ currency: 'NGN', ...invoiceSettings }) }));
}

/** Opens the editor at `url` (the pages it goes on to in `routes`); returns the router to read where it went. */
export function openEditor(url: string = PAGES.newInvoice, routes: RouteObject[] = []) {
  const router = createMemoryRouter([{ path: PAGES.newInvoice, element: <NewInvoicePage /> }, ...routes], { initialEntries: [url] });
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}
