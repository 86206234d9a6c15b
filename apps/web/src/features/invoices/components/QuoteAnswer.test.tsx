import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QUOTE_DECLINE_REASON_MAX } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, publicPage, resetPublicPage } from '../../../test/publicPage';
import { renderUi } from '../../../ui/testing';
import { InvoiceLinkView } from './InvoiceLinkView';

/** Issue 23 item 11: the public page of a quote says Quote, Valid until and Total, and takes Accept / Decline. */
const quote = publicPage(
  { public_id: 'pubq23xxxxxxxxxxxxxxxxxx', number: 'QUO-0004', currency: 'NGN', business: 'Ada Stores', client: 'Chidi', line: 'Gown', amount: 1_250_000 },
  { kind: 'quote', due_date: '2026-04-05', language: 'en' },
);

function mockApi(page: Record<string, unknown> = quote) {
  return answerJson((url, method) =>
    method === 'GET'
      ? page
      : url.endsWith('/accept')
        ? { status: 'accepted', invoice_public_id: 'pubinv23xxxxxxxxxxxxxxxx', message: 'You accepted this quote.' }
        : { status: 'declined', invoice_public_id: null, message: 'You declined this quote.' },
  );
}

afterEach(resetPublicPage);

describe('the public page of a quote', () => {
  it('says Quote, Valid until and Total (not Due date / Total due), and Accept converts it', async () => {
    const calls = mockApi();
    renderUi(<InvoiceLinkView id={quote.public_id} onPaid={() => undefined} />);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).textContent).toBe('Quote QUO-0004');
    expect(screen.getByText('Valid until')).toBeTruthy();
    expect(screen.queryByText('Due date')).toBeNull();
    expect(screen.queryByText('Total due')).toBeNull();
    expect(screen.getByTestId('public-total').textContent).toBe('₦12,500');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quote' }, { timeout: 15_000 }));
    await screen.findByText(/You accepted this quote/);
    expect(screen.getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe('/invoice/link/pubinv23xxxxxxxxxxxxxxxx');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/invoices/public/${quote.public_id}/accept`]);
  });

  it('Decline asks for a reason and sends it', async () => {
    const calls = mockApi();
    renderUi(<InvoiceLinkView id={quote.public_id} onPaid={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }, { timeout: 15_000 }));
    const reason = await screen.findByLabelText(/Reason/);
    // Core's limit, the one the server applies (issue 24).
    expect(reason.getAttribute('maxlength')).toBe(String(QUOTE_DECLINE_REASON_MAX));
    fireEvent.change(reason, { target: { value: 'Too dear for now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline quote' }));
    await screen.findByText('You declined this quote. The business has been told.');
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Too dear for now' }));
  });

  it('a declined quote says so after a reload, with the reason, and offers no Accept or Decline', async () => {
    const calls = mockApi({ ...quote, declined_at: '2026-03-06T09:00:00.000Z', decline_reason: 'Too dear for now' });
    renderUi(<InvoiceLinkView id={quote.public_id} onPaid={() => undefined} />);
    await screen.findByText('You declined this quote. The business has been told.', undefined, { timeout: 15_000 });
    expect(screen.getByText('Your reason: Too dear for now')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
