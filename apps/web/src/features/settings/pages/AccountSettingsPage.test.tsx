import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderAt } from '../../ai/testing';
import { testUser } from '../../../ui/testing';
import AccountSettingsPage from './AccountSettingsPage';

beforeAll(installDomShims);

const user = testUser({ company_name: 'Ada Foods', invoice_settings: '', credit: 50 });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', 't');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('settings/account: a new e-mail needs the current password', () => {
  it('asks for it only when the e-mail changes, and sends it with the new address', async () => {
    const fetch = vi.fn(
      async (_url: string, init: RequestInit) =>
        new Response(JSON.stringify({ ...user, ...JSON.parse(String(init.body)).user, current_password: undefined }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/settings/account', <AccountSettingsPage />);
    const email = await screen.findByLabelText('E-mail');
    expect(screen.queryByLabelText('Current password')).toBeNull();

    fireEvent.change(email, { target: { value: 'ada.new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your current password to change the e-mail')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetch.mock.calls[0][1].body));
    expect(body.user).toMatchObject({ email: 'ada.new@example.com', current_password: 'correct horse battery' });

    // A save without an e-mail change sends neither.
    cleanup();
    fetch.mockClear();
    localStorage.setItem('user', JSON.stringify(user));
    renderAt('/settings/account', <AccountSettingsPage />);
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Ada N. Obi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0][1].body)).user).not.toHaveProperty('current_password');
    expect(JSON.parse(String(fetch.mock.calls[0][1].body)).user).not.toHaveProperty('email');
  });
});

describe("settings/account: the numbers by their country's names", () => {
  it('a Kenyan shop is asked for its KRA PIN and BRS number, a Cameroonian one for its NIU and RCCM; elsewhere the general hints', async () => {
    for (const [country, taxHint, regHint] of [
      ['Kenya', 'Your KRA PIN. Printed on your invoices as “KRA PIN: …”.', 'Your BRS registration number, if you have one.'],
      ['Rwanda', 'Your TIN. Printed on your invoices as “TIN: …”.', 'Your RDB registration number, if you have one.'],
      ['Cameron', 'Your NIU. Printed on your invoices as “NIU: …”.', 'Printed on your invoices as “RCCM: …”.'],
      [
        'South Africa',
        'Your VAT registration number, once registered. Printed on your tax invoices as “VAT reg. no.: …”.',
        'Your CIPC registration number, if you have one.',
      ],
      ['Nigeria', 'Your TIN. Printed on your invoices as “TIN: …”.', 'Printed on your invoices as “RC no.: …”.'],
      ['Egypt', 'e.g. TIN, KRA PIN or VAT number', 'Your company or business name registration number, if you have one.'],
    ]) {
      localStorage.setItem('user', JSON.stringify({ ...user, country }));
      renderAt('/settings/account', <AccountSettingsPage />);
      await screen.findByLabelText('Tax ID');
      expect(screen.getByText(taxHint)).toBeTruthy();
      expect(screen.getByText(regHint)).toBeTruthy();
      cleanup();
    }
  });
});
