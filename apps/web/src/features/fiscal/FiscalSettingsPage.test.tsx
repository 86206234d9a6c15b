import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderAt } from '../ai/testing';
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
          message: 'The settings are saved, but KRA eTIMS did not initialise the device: KRA eTIMS: It is not valid device (901)',
        },
      }),
      { status: 422 },
    );
    fireEvent.change(screen.getByLabelText(/^KRA PIN/), { target: { value: ' p051234567q ' } });
    fireEvent.change(screen.getByLabelText(/^Branch id/), { target: { value: '00' } });
    fireEvent.change(screen.getByLabelText(/^Device serial number/), { target: { value: 'KRA-DEV-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    expect(await screen.findByText(/did not initialise the device: KRA eTIMS: It is not valid device \(901\)/)).toBeTruthy();

    answer = null;
    fireEvent.click(screen.getByRole('button', { name: 'Save and initialise device' }));
    await waitFor(() => expect(status.textContent).toContain('KRA eTIMS (OSCU)'));
    expect(status.textContent).toContain('Initialised · control unit KRACU0100000001');
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.url).toMatch(/\/api\/fiscal\/settings$/);
    expect(put.body).toEqual({ tin: 'P051234567Q', branch_id: '00', device_serial: 'KRA-DEV-1', api_base: 'https://etims-api-sbx.kra.go.ke/etims-api' });
    expect(screen.getByRole('button', { name: 'Initialise device again' })).toBeTruthy();
  });
});
