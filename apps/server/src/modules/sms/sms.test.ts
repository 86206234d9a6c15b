import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AtServer, startAtServer } from '../../test/at-server';
import { createAfricasTalkingSender } from './africastalking';
import { toE164 } from './service';

let at: AtServer;
beforeAll(async () => {
  at = await startAtServer({ username: 'duka', apiKey: 'atsk_test_key' });
});
afterAll(() => at.close());

describe("Africa's Talking SMS", () => {
  it('sends with the username, the apiKey header and a form body; answers the message id', async () => {
    const sms = createAfricasTalkingSender({ username: 'duka', apiKey: 'atsk_test_key', apiBase: at.base, from: 'DUKA' });
    const r = await sms.send('+254712345678', 'Hello Baraka, invoice INV-0001 is due.');
    expect(r).toEqual({ ok: true, ref: expect.stringMatching(/^ATXid_\d+$/) });
    expect(at.received.at(-1)).toEqual({ username: 'duka', to: '+254712345678', message: 'Hello Baraka, invoice INV-0001 is due.', from: 'DUKA' });
  });

  it('says plainly what went wrong: bad key, invalid number, no answer in time, nobody listening', async () => {
    const wrongKey = createAfricasTalkingSender({ username: 'duka', apiKey: 'nope', apiBase: at.base });
    expect(await wrongKey.send('+254712345678', 'x')).toEqual({
      ok: false,
      error: "Africa's Talking refused the message (401): The supplied authentication is invalid",
    });
    const sms = createAfricasTalkingSender({ username: 'duka', apiKey: 'atsk_test_key', apiBase: at.base });
    expect(await sms.send('+254712345000', 'x')).toEqual({ ok: false, error: 'SMS not sent: InvalidPhoneNumber' });
    at.delayMs = 400;
    const slow = createAfricasTalkingSender({ username: 'duka', apiKey: 'atsk_test_key', apiBase: at.base, timeoutMs: 100 });
    expect(await slow.send('+254712345678', 'x')).toEqual({ ok: false, error: "Africa's Talking did not answer in time" });
    at.delayMs = 0;
    const down = createAfricasTalkingSender({ username: 'duka', apiKey: 'k', apiBase: 'http://127.0.0.1:9' });
    expect(await down.send('+254712345678', 'x')).toEqual({ ok: false, error: "Africa's Talking could not be reached" });
  });

  it('reads phone numbers as owners type them', () => {
    expect(toE164('+254 712 345 678')).toBe('+254712345678');
    expect(toE164('00234 803 123 4567')).toBe('+2348031234567');
    expect(toE164('254712345678')).toBe('+254712345678');
    expect(toE164('0712 345 678')).toBeNull(); // national form: the country is not known here
    expect(toE164('')).toBeNull();
    expect(toE164('+12')).toBeNull();
  });
});
