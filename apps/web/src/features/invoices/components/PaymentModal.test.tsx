import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/testing';
import type { Invoice } from '../lib/model';
import { PaymentModal } from './PaymentModal';

// Issue 26 item: a payment cannot be dated before its invoice was issued; the form says so before sending (core's rule,
// the server answers 422 with the same rule).
const invoice = {
  id: 'inv1',
  kind: 'invoice',
  number: 'INV-0001',
  issue_date: '2026-11-20',
  currency: 'KES',
  balance: 300_000,
  total_due: 300_000,
  payments: [],
} as unknown as Invoice;

afterEach(cleanup);

describe('the payment form', () => {
  it('refuses a day before the issue date with what to do, and records one on or after it', async () => {
    const onSave = vi.fn(async () => undefined);
    renderUi(<PaymentModal opened onClose={() => undefined} invoice={invoice} onSave={onSave} />);
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    expect(date.min).toBe('2026-11-20');
    fireEvent.change(date, { target: { value: '2026-11-19' } });
    await screen.findByText('Before the invoice was issued (20 Nov 26): use that day or later');
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    await waitFor(() => expect(screen.queryByText(/Before the invoice was issued/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ amount: 300_000, method: 'cash', date: '2026-11-20', reference: '' }));
  });

  it('"-5" is refused with "Enter an amount above 0", never recorded as a payment of 5 (t20 U2)', async () => {
    const onSave = vi.fn(async () => undefined);
    renderUi(<PaymentModal opened onClose={() => undefined} invoice={{ ...invoice, currency: 'UGX', balance: 5_900 } as Invoice} onSave={onSave} />);
    const amount = (await screen.findByLabelText('Amount')) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '-5' } });
    expect(await screen.findByText('Enter an amount above 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ amount: 5 })));
  });
  it('records tax the client withheld (WHT) as a way the invoice is settled, with what it is; a refund cannot be one', async () => {
    const onSave = vi.fn(async () => undefined);
    renderUi(<PaymentModal opened onClose={() => undefined} invoice={invoice} onSave={onSave} />);
    const method = () => screen.getAllByLabelText('Method').find((e) => e.tagName === 'INPUT')!;
    fireEvent.click(await waitFor(method));
    fireEvent.click(await screen.findByRole('option', { name: 'Tax withheld by the client', hidden: true }));
    expect(await screen.findByText(/The part your client paid to the tax authority for you \(withholding tax\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Reference'), { target: { value: 'WHT/2026/0042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ amount: 15_000, method: 'withholding', reference: 'WHT/2026/0042' })));
    cleanup();
    renderUi(<PaymentModal opened onClose={() => undefined} invoice={invoice} refundDue={10_000} onSave={onSave} />);
    fireEvent.click(await waitFor(method));
    await screen.findByRole('option', { name: 'Bank transfer', hidden: true });
    expect(screen.queryByRole('option', { name: 'Tax withheld by the client', hidden: true })).toBeNull();
  });
});
