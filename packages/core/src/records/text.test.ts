import { describe, expect, it } from 'vitest';
import { registerPayload, updateUserPayload } from '../accounts';
import { invoiceLineSchema } from '../invoices/schemas';
import { checkRule } from '../rules';
import { catalogFields, contactFields } from './schemas';
import { findBadText, TEXT_MESSAGES, textProblem } from './text';

const line = { id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'x', quantity: 1, unit_price: 100 };
const OVERRIDES = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('direction overrides are refused where names reach customers (t20 A6)', () => {
  it('refuses every bidi embedding, override and isolate, with a sentence a person can act on', () => {
    for (const c of OVERRIDES) expect(textProblem(`${c}evil${'\u202C'}`)).toBe(TEXT_MESSAGES.bidi);
    expect(TEXT_MESSAGES.bidi).toBe('Remove the hidden text-direction characters from this text (they can make it read backwards)');
  });

  it('keeps the direction marks LRM/RLM and right-to-left and other scripts as typed', () => {
    expect(textProblem('\u05E9\u05DC\u05D5\u05DD\u200F. 12')).toBeNull();
    expect(textProblem('Mix \u200Eabc\u200F')).toBeNull();
    expect(textProblem('👨‍👩‍👧 Ñandú ሰላም مرحبا')).toBeNull();
  });

  it('contact, item, invoice line, owner and business names refuse them (REST, sync and the forms share these)', () => {
    const name = '\u202Eevil\u202C 👨‍👩‍👧 Ñandú ሰላም';
    expect(checkRule(contactFields.shape.name, name)).toMatchObject({ code: 'text_bidi' });
    expect(checkRule(catalogFields.shape.name, name)).toMatchObject({ code: 'text_bidi' });
    expect(checkRule(invoiceLineSchema, { ...line, description: `Solar \u2067panel` })).toMatchObject({ code: 'text_bidi' });
    expect(updateUserPayload.safeParse({ user: { company_name: name } }).success).toBe(false);
    expect(updateUserPayload.safeParse({ user: { name: 'Ama \u202Dx' } }).success).toBe(false);
    expect(updateUserPayload.safeParse({ user: { company_name: 'Ñandú Stores', name: 'Ama' } }).success).toBe(true);
    const reg = { name: 'Ama', username: 'ama_1', email: 'ama@example.com', password: 'long enough pass', country: 'Kenya' };
    expect(registerPayload.safeParse({ user: { ...reg, company_name: 'Ama\u202E Shop' } }).success).toBe(false);
    expect(registerPayload.safeParse({ user: { ...reg, company_name: 'Ama Shop' } }).success).toBe(true);
  });

  it('the sync guard finds them anywhere in a record', () => {
    expect(findBadText({ lines: [{ description: 'ok' }, { description: 'x\u202Ey' }] })).toEqual({ path: 'lines.1.description', message: TEXT_MESSAGES.bidi });
  });
});
