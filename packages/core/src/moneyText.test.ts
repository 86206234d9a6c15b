import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, minorDigits } from './constants/currencies';
import type { Language } from './constants/languages';
import { formatMoney } from './amounts/format';
import { parseMoney } from './money';
import { moneyInputText, parseMoneyText, regroupMoneyText } from './moneyText';

const NNBSP = '\u202f';
const LANGS: Language[] = ['en', 'fr', 'sw'];
const CODES = CURRENCIES.map((c) => c.code);

describe('parseMoneyText: the screen language’s marks (issue 23)', () => {
  it('reads French: 12 500,50 with spaces of every kind, and 12500,50', () => {
    for (const t of ['12500,50', '12 500,50', `12${NNBSP}500,50`, '12\u00a0500,50', '12500.50', '12 500,50 ₦'])
      expect(parseMoneyText(t, 'fr', 'NGN')).toEqual({ ok: true, minor: 1_250_050 });
  });
  it('reads English and Kiswahili: 12,500.50', () => {
    for (const lang of ['en', 'sw'] as const) {
      expect(parseMoneyText('12,500.50', lang, 'NGN')).toEqual({ ok: true, minor: 1_250_050 });
      expect(parseMoneyText('₦ 2,000', lang, 'NGN')).toEqual({ ok: true, minor: 200_000 });
    }
  });
  it('refuses what can be read two ways instead of guessing', () => {
    expect(parseMoneyText('12.500', 'fr', 'NGN')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(parseMoneyText('12,500', 'fr', 'NGN')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(parseMoneyText('12,50', 'en', 'NGN')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(parseMoneyText('1,234.50', 'fr', 'NGN')).toEqual({ ok: false, problem: 'ambiguous' });
  });
  it('follows the currency’s minor units: no decimals for XAF', () => {
    expect(parseMoneyText('12 500', 'fr', 'XAF')).toEqual({ ok: true, minor: 12_500 });
    expect(parseMoneyText('12,5', 'fr', 'XAF')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseMoneyText('12.5', 'en', 'UGX')).toEqual({ ok: false, problem: 'decimals' });
    // A dot cannot be the decimal mark of a currency without decimals: only the thousands reading is left.
    expect(parseMoneyText('12.500', 'fr', 'XAF')).toEqual({ ok: true, minor: 12_500 });
  });
  it('reads a dot or comma before exactly three digits as thousands in a currency without minor units (t23 X4)', () => {
    for (const language of ['fr', 'en', 'sw'] as const) {
      expect(parseMoneyText('20.000', language, 'XAF'), language).toEqual({ ok: true, minor: 20_000 });
      expect(parseMoneyText('20,000', language, 'XAF'), language).toEqual({ ok: true, minor: 20_000 });
      expect(parseMoneyText('1.250.000 FCFA', language, 'XAF'), language).toEqual({ ok: true, minor: 1_250_000 });
    }
    // With minor units the same text stays refused: 20,000 or 20.000 may be 20 or 20 000.
    expect(parseMoneyText('20.000', 'fr', 'NGN')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(parseMoneyText('20,000', 'fr', 'KES')).toEqual({ ok: false, problem: 'ambiguous' });
  });
  it('property: any whole amount grouped by dots or commas reads as itself without minor units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 10 ** 12 }),
        fc.constantFrom('.', ','),
        fc.constantFrom('fr', 'en', 'sw') as fc.Arbitrary<'fr' | 'en' | 'sw'>,
        fc.constantFrom('XAF', 'XOF', 'UGX', 'RWF'),
        (n, mark, language, cur) => {
          const text = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, mark);
          expect(parseMoneyText(text, language, cur)).toEqual({ ok: true, minor: n });
        },
      ),
    );
  });
  it('says empty, unreadable, too large', () => {
    expect(parseMoneyText('', 'en')).toEqual({ ok: false, problem: 'empty' });
    expect(parseMoneyText('abc', 'fr')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseMoneyText('1 2', 'fr')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseMoneyText('9'.repeat(20), 'en')).toEqual({ ok: false, problem: 'too_large' });
  });
  it('in English reads every amount as SPEC’s parseMoney does', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9,. ₦]{0,14}$/), fc.constantFrom('NGN', 'XAF', 'KES'), (text, cur) => {
        const r = parseMoneyText(text, 'en', cur);
        // Except where a currency without minor units groups thousands with a dot ('20.000' XAF: 20 000, t23 X4).
        const dotGroups = minorDigits(cur) === 0 && /\d\.\d{3}(?!\d)/.test(text);
        if (r.ok && !dotGroups) expect(r.minor).toBe(parseMoney(text, minorDigits(cur)));
      }),
    );
  });
});

describe('parseMoneyText reads strictly: a minus or a letter among the digits is not dropped (t20 U2, U1)', () => {
  it('"-5" is refused as negative, never read as 5, in every language', () => {
    for (const language of ['en', 'fr', 'sw'] as const) {
      for (const text of ['-5', ' -5', '−5', 'USh -5', '-USh5', '- 1,000'])
        expect(parseMoneyText(text, language, 'UGX'), `${language} ${text}`).toEqual({ ok: false, problem: 'negative' });
    }
  });

  it('"1e3" and "12a50" are unreadable, never 13 or 1250; a symbol or code around the digits is still taken', () => {
    expect(parseMoneyText('1e3', 'en', 'UGX')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseMoneyText('12a50', 'en', 'KES')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseMoneyText('1-000', 'en', 'KES')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseMoneyText('KSh 2,000', 'en', 'KES')).toEqual({ ok: true, minor: 200_000 });
    expect(parseMoneyText('2 000 FCFA', 'fr', 'XAF')).toEqual({ ok: true, minor: 2_000 });
    expect(parseMoneyText('₦1,500.50', 'en', 'NGN')).toEqual({ ok: true, minor: 150_050 });
  });

  it('"30000.5" in Uganda shillings says it has decimals (the message "UGX has no decimals"), not that nothing was typed', () => {
    expect(parseMoneyText('30000.5', 'en', 'UGX')).toEqual({ ok: false, problem: 'decimals' });
  });
});

describe('typing then formatting round-trips in en, fr and sw (issue 23)', () => {
  const amount = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.constantFrom(...LANGS), fc.constantFrom(...CODES));

  it('what the input shows is read back as the same amount, and shown the same way', () => {
    fc.assert(
      fc.property(amount, ([minor, lang, cur]) => {
        const shown = moneyInputText(minor, lang, cur);
        const read = parseMoneyText(shown, lang, cur);
        expect(read).toEqual({ ok: true, minor: Number(minor) });
        expect(moneyInputText(Number(minor), lang, cur)).toBe(shown);
      }),
    );
  });

  it('digits typed one by one, regrouped as typed, give the amount and its display', () => {
    fc.assert(
      fc.property(amount, ([minor, lang, cur]) => {
        const shown = moneyInputText(minor, lang, cur);
        // The person types the digits and the decimal mark only; the input regroups after each key.
        const keys = shown.replace(/[^\d.,]/g, (c) => (c === ',' || c === '.' ? c : ''));
        const plain = lang === 'en' || lang === 'sw' ? keys.replace(/,/g, '') : keys.replace(/\./g, '');
        let text = '';
        for (const key of plain) text = regroupMoneyText(text + key, lang);
        expect(text).toBe(shown);
        expect(parseMoneyText(text, lang, cur)).toEqual({ ok: true, minor: Number(minor) });
      }),
    );
  });

  it('English and Kiswahili: French decimals (12 500,50 · 1,5), typed key by key or pasted, are refused, never read 100 times larger', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 11n }), fc.integer({ min: 1, max: 99 }), fc.constantFrom('en', 'sw'), (whole, cents, lang) => {
        const french = moneyInputText(whole * 100n + BigInt(cents), 'fr', 'NGN').replace(/\u202f/g, ' ');
        let typed = '';
        for (const key of french) typed = regroupMoneyText(typed + key, lang, typed);
        expect(parseMoneyText(typed, lang, 'NGN').ok).toBe(false);
        expect(parseMoneyText(regroupMoneyText(french, lang), lang, 'NGN').ok).toBe(false);
      }),
    );
    expect(regroupMoneyText('12 500,50', 'en')).toBe('12 500,50');
    expect(parseMoneyText('12 500,50', 'en')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(regroupMoneyText('1,5', 'en', '1,')).toBe('1,5');
    expect(parseMoneyText('12,500,50', 'en')).toEqual({ ok: false, problem: 'ambiguous' });
    // A third digit makes a group; deleting from what the input showed regroups as before.
    expect(regroupMoneyText('12,500', 'en', '12,50')).toBe('12,500');
    expect(regroupMoneyText('1,25', 'en', '1,250')).toBe('125');
  });

  it('an amount as the app displays it (symbol and all) reads back', () => {
    fc.assert(
      fc.property(amount, ([minor, lang, cur]) => {
        expect(parseMoneyText(formatMoney(minor, cur, { language: lang }), lang, cur)).toEqual({ ok: true, minor: Number(minor) });
      }),
    );
  });

  it('shows French with narrow no-break spaces and a comma', () => {
    expect(moneyInputText(1_250_050, 'fr', 'NGN')).toBe(`12${NNBSP}500,50`);
    expect(moneyInputText(1_250_050, 'sw', 'NGN')).toBe('12,500.50');
    expect(moneyInputText(12_500, 'fr', 'XAF')).toBe(`12${NNBSP}500`);
  });
});
