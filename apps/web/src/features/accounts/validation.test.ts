import { emailSchema, passwordSchema, usernameSchema } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { normaliseUsername, validateLogin, validateNewPassword, validateRegister, validEmail, validPassword, validUsername } from './validation';

const ok = { name: 'Ada Obi', username: 'ada.obi_1', email: 'ada@example.com', password: '12345678', company_name: 'Ada Fabrics', country: 'Kenya' };

describe('account field rules (the server rules: username 3–30 of a-z 0-9 _ . ; e-mail; password ≥ 8)', () => {
  it('accepts a complete registration', () => {
    expect(validateRegister(ok)).toEqual({});
  });

  it('names each bad field with its rule', () => {
    expect(validateRegister({ name: ' ', username: 'Ab', email: 'ada@', password: 'short', company_name: '', country: '' })).toEqual({
      name: 'required',
      username: 'username',
      email: 'email',
      password: 'password',
      country: 'country',
    });
  });

  it("follows core's register rule: the company name may be empty, the password has a ceiling", () => {
    expect(validateRegister({ ...ok, company_name: '' })).toEqual({});
    expect(validateRegister({ ...ok, company_name: 'x'.repeat(101) })).toEqual({ company_name: 'tooLong' });
    expect(validateRegister({ ...ok, password: 'x'.repeat(201) })).toEqual({ password: 'passwordLong' });
    expect(validPassword('x'.repeat(200))).toBeNull();
  });

  it.each([
    ['abc', null],
    ['a'.repeat(30), null],
    ['a.b_c9', null],
    ['ab', 'username'],
    ['a'.repeat(31), 'username'],
    ['has space', 'username'],
    ['dash-ed', 'username'],
    // Core's rule reads a username in lower case (the form lowercases what is typed), as the server does.
    ['Upper', null],
    ['', 'required'],
  ])('username %j → %s', (v, rule) => {
    expect(validUsername(v)).toBe(rule);
  });

  it.each([
    ['', 'required'],
    ['1234567', 'password'],
    ['12345678', null],
  ])('password %j → %s', (v, rule) => {
    expect(validPassword(v)).toBe(rule);
  });

  it('agrees with the shared zod rules the server uses', () => {
    for (const u of ['abc', 'ab', 'a.b_c', 'a'.repeat(30), 'a'.repeat(31), 'sp ace', 'dash-ed', 'émile']) {
      expect(validUsername(u) === null, u).toBe(usernameSchema.safeParse(u).success);
    }
    for (const e of ['ada@example.com', 'a.b+c@mail.co.ke', 'ada@', '@x.com', 'ada example.com', 'ada@x']) {
      expect(validEmail(e) === null, e).toBe(emailSchema.safeParse(e).success);
    }
    for (const p of ['', '1234567', '12345678', 'a long passphrase']) {
      expect(validPassword(p) === null, p).toBe(p !== '' && passwordSchema.safeParse(p).success);
    }
  });

  it('login needs both fields; the identifier may be a username or an e-mail', () => {
    expect(validateLogin({ identifier: '', password: '' })).toEqual({ identifier: 'required', password: 'required' });
    expect(validateLogin({ identifier: 'ada', password: 'x' })).toEqual({});
  });

  it('a new password must be long enough and typed twice the same', () => {
    expect(validateNewPassword('12345678', '12345678')).toEqual({});
    expect(validateNewPassword('short', '')).toEqual({ password: 'password', confirm: 'required' });
    expect(validateNewPassword('12345678', '12345679')).toEqual({ confirm: 'confirm' });
  });

  it('usernames are sent trimmed and in lower case', () => {
    expect(normaliseUsername('  Ada.Obi ')).toBe('ada.obi');
  });
});
