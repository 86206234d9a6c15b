import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AtServer, startAtServer } from '../../test/at-server';
import { createAfricasTalkingSender } from './africastalking';
import { smsNumber } from './service';

let at: AtServer;
beforeAll(async () => {
  at = await startAtServer({ username: 'duka', apiKey: 'atsk_test_key' });
});
afterAll(() => at.close());

describe("Africa's Talking SMS", () => {
  it('sends with the username, the apiKey header and a form body; answers the message id', async () => {
    const sms = createAfricasTalkingSender({ username: 'duka', apiKey: 'atsk_test_key', apiBase: at.base, from: 'DUKA' });
    const r = await sms.send('+254712345678', 'Hello Baraka, invoice INV-0001 is due.', { account: null });
    expect(r).toEqual({ ok: true, ref: expect.stringMatching(/^ATXid_\d+$/) });
    expect(at.received.at(-1)).toEqual({ username: 'duka', to: '+254712345678', message: 'Hello Baraka, invoice INV-0001 is due.', from: 'DUKA' });
  });

  it('says plainly what went wrong: bad key, invalid number, no answer in time, nobody listening', async () => {
    const wrongKey = createAfricasTalkingSender({ username: 'duka', apiKey: 'nope', apiBase: at.base });
    expect(await wrongKey.send('+254712345678', 'x', { account: null })).toEqual({
      ok: false,
      error: "Africa's Talking refused the message (401): The supplied authentication is invalid",
    });
    const sms = createAfricasTalkingSender({ username: 'duka', apiKey: 'atsk_test_key', apiBase: at.base });
    expect(await sms.send('+254712345000', 'x', { account: null })).toEqual({ ok: false, error: 'SMS not sent: InvalidPhoneNumber' });
    at.delayMs = 400;
    const slow = createAfricasTalkingSender({ username: 'duka', apiKey: 'atsk_test_key', apiBase: at.base, timeoutMs: 100 });
    expect(await slow.send('+254712345678', 'x', { account: null })).toEqual({ ok: false, error: "Africa's Talking did not answer in time" });
    at.delayMs = 0;
    const down = createAfricasTalkingSender({ username: 'duka', apiKey: 'k', apiBase: 'http://127.0.0.1:9' });
    expect(await down.send('+254712345678', 'x', { account: null })).toEqual({ ok: false, error: "Africa's Talking could not be reached" });
  });

  it("reads phone numbers as owners type them, with the client's country, else the business's", () => {
    // National forms: a Kenyan 07… and a Nigerian 080… number.
    expect(smsNumber('0712 345 678', '', 'Kenya')).toEqual({ ok: true, value: '+254712345678' });
    expect(smsNumber('0803 123 4567', 'Nigeria', 'Kenya')).toEqual({ ok: true, value: '+2348031234567' });
    expect(smsNumber('0803-123-4567', '', 'Nigeria')).toEqual({ ok: true, value: '+2348031234567' });
    // International forms whatever the country.
    expect(smsNumber('+254 712 345 678', 'Nigeria')).toEqual({ ok: true, value: '+254712345678' });
    expect(smsNumber('00234 803 123 4567', 'Kenya')).toEqual({ ok: true, value: '+2348031234567' });
    expect(smsNumber('254712345678', 'Nigeria')).toEqual({ ok: true, value: '+254712345678' });
    // What cannot be read says why.
    expect(smsNumber('0712 345 678', '', '')).toMatchObject({ ok: false, message: expect.stringContaining('country code') });
    expect(smsNumber('0712 345 678', 'Nigeria')).toMatchObject({ ok: false, message: expect.stringContaining('not a valid Nigeria phone number') });
    expect(smsNumber('', 'Kenya')).toEqual({ ok: false, message: 'The client has no phone number' });
    expect(smsNumber('+12', 'Kenya').ok).toBe(false);
  });
});
