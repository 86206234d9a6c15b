import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * ui/errors against real failed calls: the typed client's request() talks to an HTTP server on 127.0.0.1
 * answering like the Duka API (its error body), to a closed port (network failure), or the device is offline.
 */
let server: Server;
let answer: { status: number; body?: unknown } = { status: 200, body: {} };
let api: typeof import('../data/api');
let errors: typeof import('./errors');
let toast: typeof import('./toast').toast;
let closedPort: number;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const spare = createServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise((r) => spare.close(r));
  await load((server.address() as AddressInfo).port);
});

/** Fresh modules with the API at that port (core, the client and ui/errors from one module graph). */
async function load(port: number) {
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${port}/api`);
  vi.resetModules();
  api = await import('../data/api');
  errors = await import('./errors');
  toast = (await import('./toast')).toast;
}
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What request() throws for the current answer. */
async function failure(path = '/users'): Promise<unknown> {
  try {
    await api.request(path, { auth: false });
  } catch (e) {
    return e;
  }
  throw new Error('the call did not fail');
}

const OFFLINE = 'You appear to be offline. Connect to the internet and try again.';
const GENERIC = 'Something went wrong on our side. Please try again.';

describe('describeError', () => {
  it('a 4xx with a message shows the server message', async () => {
    answer = { status: 409, body: { error: { code: 'conflict', message: 'This quote is already converted' } } };
    const shown = errors.describeError(await failure(), { fallback: 'Could not save' });
    expect(shown).toEqual({ message: 'This quote is already converted', fields: {}, offline: false, fromServer: true });
  });

  it('a 422 with field errors gives each field its message, keyed by the form field name', async () => {
    answer = {
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'user.username: Username taken',
          fields: { 'user.username': 'Username taken', 'body.user.email': 'Not an e-mail' },
        },
      },
    };
    const shown = errors.describeError(await failure());
    expect(shown.message).toBe('user.username: Username taken');
    expect(shown.fields).toEqual({ username: 'Username taken', email: 'Not an e-mail' });
    expect(shown.fromServer).toBe(true);
  });

  it('a 500 never shows the server text: the caller fallback, else the generic sentence', async () => {
    answer = { status: 500, body: { error: { code: 'internal', message: 'relation "users" does not exist' } } };
    const err = await failure();
    expect(errors.describeError(err, { fallback: 'Something went wrong... Please try again' })).toEqual({
      message: 'Something went wrong... Please try again',
      fields: {},
      offline: false,
      fromServer: false,
    });
    expect(errors.errorMessage(err)).toBe(GENERIC);
  });

  it('a 502 the server raised on purpose keeps its message (a provider that could not be reached)', async () => {
    answer = { status: 502, body: { error: { code: 'bad_gateway', message: 'M-Pesa could not be reached. Please try again in a moment.' } } };
    expect(errors.errorMessage(await failure(), 'Could not pay')).toBe('M-Pesa could not be reached. Please try again in a moment.');
  });

  it('a refusal by the daily sending quota is said in the screen language; other 429s keep the server words', async () => {
    answer = {
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Your account has sent 50 SMS today…', fields: { quota: 'sms_account' } } },
    };
    const err = await failure();
    expect(errors.describeError(err)).toEqual({
      message: "Your account has sent today's most SMS. Try again tomorrow; paid plans send more.",
      fields: {},
      offline: false,
      fromServer: true,
    });
    const { setLanguage } = await import('../i18n');
    await setLanguage('fr');
    try {
      expect(errors.errorMessage(err)).toBe(
        "Votre compte a envoyé le maximum de SMS pour aujourd'hui. Réessayez demain ; les offres payantes en envoient davantage.",
      );
    } finally {
      await setLanguage('en');
    }
    answer = { status: 429, body: { error: { code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' } } };
    expect(errors.errorMessage(await failure())).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('a refused payment prompt names the wait the server gives, in the screen language (t18 U1)', async () => {
    const refused = (retry?: string) => ({
      status: 429,
      body: {
        error: {
          code: 'rate_limited',
          message: 'This phone number has had 3 payment prompts recently…',
          fields: { quota: 'rail_phone', ...(retry ? { retry_after: retry } : {}) },
        },
      },
    });
    answer = refused('701');
    const err = await failure();
    expect(errors.errorMessage(err)).toBe('This phone number has had too many payment prompts. Please try again in 12 minutes, or pay another way.');
    const { setLanguage } = await import('../i18n');
    try {
      await setLanguage('fr');
      expect(errors.errorMessage(err)).toBe('Trop de demandes de paiement vers ce numéro. Réessayez dans 12 minutes ou payez autrement.');
      await setLanguage('sw');
      expect(errors.errorMessage(err)).toBe(
        'Namba hii ya simu imepata maombi mengi mno ya malipo. Tafadhali jaribu tena baada ya dakika 12, au lipa kwa njia nyingine.',
      );
    } finally {
      await setLanguage('en');
    }
    answer = refused('30');
    expect(errors.errorMessage(await failure())).toBe('This phone number has had too many payment prompts. Please try again in a minute, or pay another way.');
    answer = refused('7200');
    expect(errors.errorMessage(await failure())).toBe('This phone number has had too many payment prompts. Please try again in 2 hours, or pay another way.');
    answer = refused();
    expect(errors.errorMessage(await failure())).toBe(
      'This phone number has had too many payment prompts. Please try again in a few minutes, or pay another way.',
    );
  });

  it('a 4xx without an error body falls back (nothing a person can act on)', async () => {
    answer = { status: 404 };
    expect(errors.errorMessage(await failure(), 'Not found here')).toBe('Not found here');
  });

  it('a network failure says so, translated, and never the fallback', async () => {
    await load(closedPort);
    try {
      const err = await failure();
      expect(err).toBeInstanceOf(api.ApiError);
      expect(errors.isNetworkError(err)).toBe(true);
      expect(errors.describeError(err, { fallback: 'Could not save' })).toEqual({ message: OFFLINE, fields: {}, offline: true, fromServer: false });
      expect(errors.errorMessage(err, { offline: 'You are offline: this needs the server' })).toBe('You are offline: this needs the server');
    } finally {
      await load((server.address() as AddressInfo).port);
    }
  });

  it('a timeout says the server was slow', async () => {
    const err = new api.ApiError(0, 'network', 'The server took too long to answer', undefined, true);
    expect(errors.errorMessage(err)).toBe('The server took too long to answer. Please try again.');
  });

  it('when the device is offline anything thrown reads as offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(errors.describeError(new TypeError('Failed to fetch')).message).toBe(OFFLINE);
    expect(errors.describeError(new api.ApiError(0, 'network', 'x', undefined, true)).message).toBe(OFFLINE);
  });

  it('a refusal by core rules on the device reads like the server refusal', async () => {
    const { InvoiceCommandError } = await import('@duka/core');
    const shown = errors.describeError(new InvoiceCommandError('unprocessable', 'The payment is more than what is due', { 'payment.amount': 'Too much' }));
    expect(shown).toEqual({ message: 'The payment is more than what is due', fields: { amount: 'Too much' }, offline: false, fromServer: true });
  });

  it('a code error is never shown as it is', () => {
    expect(errors.errorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(GENERIC);
    expect(errors.serverMessage(new TypeError('boom'))).toBeNull();
  });

  it('follows the screen language', async () => {
    const { setLanguage } = await import('../i18n');
    await setLanguage('fr');
    try {
      expect(errors.errorMessage(new api.ApiError(500, 'internal', 'x'))).toBe('Un problème est survenu de notre côté. Veuillez réessayer.');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('toast.error', () => {
  it('shows the message as a danger toast for the SPEC §8 duration and gives back the field errors', async () => {
    const danger = vi.spyOn(toast, 'danger').mockImplementation(() => undefined);
    answer = { status: 400, body: { error: { code: 'validation_failed', message: 'Check the form', fields: { 'user.name': 'Too short' } } } };
    const fields = toast.error(await failure(), 'Something went wrong... Please try again', 'registrationFailure');
    expect(danger).toHaveBeenCalledWith('Check the form', 'registrationFailure');
    expect(fields).toEqual({ name: 'Too short' });
  });
});
