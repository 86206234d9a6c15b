import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderAt } from '../../ai/testing';
import FiscalSettingsPage from './FiscalSettingsPage';

beforeAll(installDomShims);

const user = {
  id: 'u1',
  name: 'Wanjiku',
  username: 'wanjiku',
  email: 'w@example.com',
  company_name: 'Wanjiku Hardware',
  country: 'Kenya',
  invoice_settings: '',
};
const test = {
  mode: 'test',
  source: 'none',
  api_base: null,
  tin: null,
  branch_id: null,
  device_serial: null,
  control_unit_id: 'DUKATESTABCD1234',
  initialised: true,
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', 't');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings → KRA eTIMS', { timeout: 30_000 }, () => {
  it("shows TEST MODE, checks the fields with core's rules in clear words, then saves and initialises the device", async () => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    let answer: Response | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url: String(url), body: init.body ? JSON.parse(String(init.body)) : null });
        if (method === 'PUT') {
          if (answer) return answer;
          const b = JSON.parse(String(init.body));
          return new Response(JSON.stringify({ ...b, mode: 'etims', source: 'business', control_unit_id: 'KRACU0100000001', initialised: true }), {
            status: 200,
          });
        }
        return new Response(JSON.stringify(test), { status: 200 });
      }),
    );
    renderAt('/settings/fiscal', <FiscalSettingsPage />);
    const status = await screen.findByTestId('fiscal-settings-status');
    await waitFor(() => expect(status.textContent).toContain('TEST MODE'));
    expect(status.textContent).toContain('Initialised · control unit DUKATESTABCD1234');

    fireEvent.click(screen.getByLabelText('KRA eTIMS OSCU'));
    fireEvent.change(screen.getByLabelText(/^KRA PIN/), { target: { value: 'P05123' } });
    fireEvent.change(screen.getByLabelText(/^Branch id/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    expect(await screen.findByText('A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567Q')).toBeTruthy();
    expect(screen.getByText('The branch id has 2 digits, e.g. 00 for the head office')).toBeTruthy();
    expect(screen.getByText('Type the device serial number KRA registered')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // KRA refuses the device: the server's message stays on the form.
    answer = new Response(
      JSON.stringify({
        error: {
          code: 'unprocessable',
          message: 'Nothing was saved: KRA eTIMS did not initialise the device with these settings. KRA eTIMS: It is not valid device (901)',
        },
      }),
      { status: 422 },
    );
    fireEvent.change(screen.getByLabelText(/^KRA PIN/), { target: { value: ' p051234567q ' } });
    fireEvent.change(screen.getByLabelText(/^Branch id/), { target: { value: '00' } });
    fireEvent.change(screen.getByLabelText(/^Device serial number/), { target: { value: 'KRA-DEV-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    expect(await screen.findByText(/did not initialise the device with these settings\. KRA eTIMS: It is not valid device \(901\)/)).toBeTruthy();

    // Another Duka account holds this device (issue 26 F4): what to do, in the owner's words.
    answer = new Response(JSON.stringify({ error: { code: 'conflict', message: 'This KRA device … already belongs to another Duka account.' } }), {
      status: 409,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    expect(
      await screen.findByText(
        'This KRA device (PIN P051234567Q, branch 00, device serial KRA-DEV-1) already belongs to another Duka account, which connected it to KRA eTIMS first. Only one account can use a device. If that account is yours, disconnect the device there (Settings → KRA eTIMS → Use TEST MODE); if the device is yours and you do not know that account, contact Duka support; otherwise check the device serial KRA gave this business.',
      ),
    ).toBeTruthy();
    // A private address (F5).
    const privateMessage =
      'This eTIMS address points to a private, local or internal network address, which Duka does not contact. Use the address KRA gave you.';
    answer = new Response(JSON.stringify({ error: { code: 'bad_request', message: privateMessage, fields: { api_base: privateMessage } } }), { status: 400 });
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    expect(await screen.findByText(privateMessage)).toBeTruthy();

    answer = null;
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    await waitFor(() => expect(status.textContent).toContain('KRA eTIMS (OSCU)'));
    expect(status.textContent).toContain('Initialised · control unit KRACU0100000001');
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.url).toMatch(/\/api\/fiscal\/settings$/);
    expect(put.body).toEqual({ tin: 'P051234567Q', branch_id: '00', device_serial: 'KRA-DEV-1', api_base: 'https://etims-api-sbx.kra.go.ke/etims-api' });
    expect(screen.getByRole('button', { name: 'Initialise device again' })).toBeTruthy();
  });

  it('tells a business outside Kenya that KRA eTIMS does not apply, with no form; settings left from before can be removed (F8)', async () => {
    localStorage.setItem('user', JSON.stringify({ ...user, country: 'Nigeria' }));
    let current: Record<string, unknown> = {
      ...test,
      mode: 'off',
      source: 'business',
      tin: 'P051234567Q',
      branch_id: '00',
      device_serial: 'OLD-1',
      api_base: 'https://x.example',
    };
    const methods: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        methods.push(init.method ?? 'GET');
        if (init.method === 'DELETE') current = { ...test, mode: 'off', source: 'none', control_unit_id: null, initialised: false };
        return new Response(JSON.stringify(current), { status: 200 });
      }),
    );
    renderAt('/settings/fiscal', <FiscalSettingsPage />);
    const notice = await screen.findByTestId('fiscal-not-applicable');
    expect(notice.textContent).toBe(
      "KRA eTIMS is for businesses in Kenya only. Your business's country is Nigeria, so Duka sends its invoices to no tax authority. If that is wrong, change the country in Settings → Invoice settings.",
    );
    expect(screen.queryByText(/Duka sends your invoices and credit notes to KRA eTIMS/)).toBeNull();
    expect(screen.queryByLabelText(/^KRA PIN/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and initialise device' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove these eTIMS settings' }));
    await waitFor(() => expect(methods).toContain('DELETE'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove these eTIMS settings' })).toBeNull());
    expect(screen.getByTestId('fiscal-not-applicable')).toBeTruthy();
  });
});
