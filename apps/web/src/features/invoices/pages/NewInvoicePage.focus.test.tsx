import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '../../../data/db';
import { openEditor, signInMusa } from './editorTesting';

/** t18 Y2/Y3: a keyboard or screen-reader user lands on the new line after Add line, on the first error after Finish. */
beforeAll(async () => {
  signInMusa({}, { invoice_prefix: 'INV-' });
  await saveRecord('contacts', { id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a02', name: 'Nakato Sarah', permalink: 'nakato-sarah' });
});
afterEach(cleanup);

describe('focus in the invoice editor', () => {
  it('Add line focuses the new line; Finish with errors focuses the first one', async () => {
    openEditor(undefined, [{ path: '/invoices/:id', element: <p>view page</p> }]);
    const finish = await screen.findByRole('button', { name: 'Finish' }, { timeout: 5000 });

    // No client yet: Finish lands on the client's button (the first thing to fix), not on Finish.
    finish.focus();
    fireEvent.click(finish);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a client' })));

    const add = screen.getByRole('button', { name: 'Add line' });
    add.focus();
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Description 1')));
    fireEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Description 2')));
    fireEvent.click(screen.getAllByRole('button', { name: /Remove line 2/ })[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Choose a client' }));
    fireEvent.click(await screen.findByText('Nakato Sarah'));
    await waitFor(() => expect(screen.getByTestId('chosen-client').textContent).toBe('Nakato Sarah'));
    fireEvent.change(screen.getByLabelText('Description 1'), { target: { value: 'Baskets' } });
    // A missing price: Finish lands on it.
    finish.focus();
    fireEvent.click(finish);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Unit price 1')));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
  }, 30_000);
});

describe('Tab order inside a line (t18 Y2)', () => {
  it('goes Description → Qty → Unit price → Remove line: the delete button comes after the last field', async () => {
    openEditor(undefined, [{ path: '/invoices/:id', element: <p>view page</p> }]);
    const add = await screen.findByRole('button', { name: 'Add line' }, { timeout: 5000 });
    fireEvent.click(add);
    const line = (await screen.findByLabelText('Description 1')).closest('[data-testid="invoice-line"]')!;
    // No tabindex anywhere in the line: the Tab order is the document order of its focusable elements.
    const focusable = [...line.querySelectorAll<HTMLElement>('input, button, select, textarea, [tabindex]')].filter((el) => el.tabIndex >= 0);
    expect(focusable.map((el) => el.getAttribute('aria-label'))).toEqual(['Description 1', 'Qty 1', 'Unit price 1', 'Remove line 1']);
  }, 30_000);
});
