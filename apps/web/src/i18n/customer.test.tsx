import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../features/invoices/invoiceLinkStrings';
import { whatsappMessage } from '../features/invoices/lib/share';
import type { Invoice } from '../features/invoices/lib/model';
import { useStringsIn } from './customer';
import { activeLanguage } from './index';

afterEach(cleanup);

function Probe({ language }: { language: 'en' | 'fr' | 'sw' }) {
  const { t } = useStringsIn('invoiceLink', language);
  return <p data-testid="probe">{t('publicTitle', { number: 'INV-7' })}</p>;
}

describe("strings in the client's language while the screen stays in the owner's (issue 19)", () => {
  it('loads French and Swahili on demand without switching the app', async () => {
    render(<Probe language="fr" />);
    await screen.findByText('Facture INV-7', {}, { timeout: 15_000 });
    cleanup();
    render(<Probe language="sw" />);
    await screen.findByText('Ankara INV-7', {}, { timeout: 15_000 });
    expect(activeLanguage()).toBe('en');
    cleanup();
    render(<Probe language="en" />);
    expect(screen.getByTestId('probe').textContent).toBe('Invoice INV-7');
  });

  it('the WhatsApp text values carry money in the client language', () => {
    const inv = {
      kind: 'invoice',
      status: 'sent',
      number: 'INV-7',
      currency: 'NGN',
      lines: [{ id: 'l1', description: 'Cloth', quantity: 1, unit_price: 1_250_000, fee_ids: [] }],
      fees: [],
      fee_ids: [],
      discount: null,
      payments: [],
      total_due: 1_250_000,
      balance: 1_250_000,
      amount_paid: 0,
    } as unknown as Invoice;
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(whatsappMessage(inv, { client: 'A', company: 'B', link: 'L' }, 'fr').vars.total)).toBe('12 500 ₦');
    expect(whatsappMessage(inv, { client: 'A', company: 'B', link: 'L' }).vars.total).toBe('₦12,500');
  });
});
