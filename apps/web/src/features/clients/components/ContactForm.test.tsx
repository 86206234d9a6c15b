import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../data/db';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { ContactForm } from './ContactForm';

// Issue 26 D3: a Kenyan business's client form checks the KRA PIN by core's rule as it is typed and on Save.
beforeAll(() => {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Otieno', username: 'otieno', email: 'o@example.com', company_name: 'Otieno Hardware', country: 'Kenya' }),
  );
});
afterEach(async () => {
  cleanup();
  await db.contacts.clear();
  await setLanguage('en');
});

const pinField = () => screen.getByRole('textbox', { name: 'Tax ID' });

describe('client form: KRA PIN', () => {
  it('refuses a short PIN as it is typed and on Save, and saves a good one upper-cased', async () => {
    renderUi(<ContactForm opened onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 10_000 }), { target: { value: 'Otieno Builders' } });
    fireEvent.change(pinField(), { target: { value: 'P05123' } });
    await screen.findByText('A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567Q');
    expect(pinField().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Nothing saved on the device: nothing waits to be refused at sync.
    expect(await db.contacts.count()).toBe(0);

    fireEvent.change(pinField(), { target: { value: 'p051234567q' } });
    await waitFor(() => expect(screen.queryByText(/A KRA PIN is/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.contacts.toArray()).map((c) => c.tax_id)).toEqual(['P051234567Q']), { timeout: 10_000 });
  }, 20_000);

  it("names the number as the client's country does (a Kenyan client: KRA PIN), and says how it prints", async () => {
    renderUi(<ContactForm opened onClose={() => {}} />);
    await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 10_000 });
    expect(screen.getByText('Their KRA PIN, printed on your invoices to them as “KRA PIN: …”')).toBeTruthy();
  });

  it('says it in Swahili and French too', async () => {
    await setLanguage('sw');
    renderUi(<ContactForm opened onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Namba ya mlipakodi' }, { timeout: 10_000 }), { target: { value: 'P05123' } });
    await screen.findByText('PIN ya KRA ni herufi, tarakimu 9 na herufi, k.m. P051234567Q');
    cleanup();
    await setLanguage('fr');
    renderUi(<ContactForm opened onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'N° fiscal' }, { timeout: 10_000 }), { target: { value: 'P05123' } });
    await screen.findByText('Un PIN KRA est une lettre, 9 chiffres et une lettre, p. ex. P051234567Q');
  }, 20_000);
});
