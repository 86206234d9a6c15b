import { describe, expect, it } from 'vitest';
import { formatPhone } from '../records/phone';
import { MOBILE_MONEY_NUMBERS, mobileMoneyExample, mobileMoneyPhone, NETWORK_CHOICES, numberNetwork, otherNetworkHint, RAILS, walletName } from '.';

describe("Ghana's mobile prefixes (t17 G3: a hint, never a refusal)", () => {
  it('reads the network of a number however it is typed', () => {
    for (const typed of ['024 412 3456', '+233 24 412 3456', '233244123456', '00233244123456', '0554123456', '0594123456', '0254123456', '0534123456'])
      expect(numberNetwork(typed, 'GH')?.short).toBe('MTN');
    for (const typed of ['020 123 4567', '0501234567']) expect(numberNetwork(typed, 'GH')?.short).toBe('Telecel');
    for (const typed of ['026 123 4567', '0271234567', '0561234567', '0571234567']) expect(numberNetwork(typed, 'GH')?.short).toBe('AirtelTigo');
  });

  it('says nothing for a number it cannot read, a prefix of no listed network, or another country', () => {
    expect(numberNetwork('024 412', 'GH')).toBeNull();
    expect(numberNetwork('023 123 4567', 'GH')).toBeNull(); // Glo: no mobile money here
    expect(numberNetwork('0772 123 456', 'UG')).toBeNull();
  });

  it('hints only when the number looks like another network than the one chosen', () => {
    expect(otherNetworkHint('024 412 3456', 'GH', 'Telecel Cash')).toBe('MTN');
    expect(otherNetworkHint('020 123 4567', 'GH', 'AirtelTigo Money')).toBe('Telecel');
    expect(otherNetworkHint('0561234567', 'GH', 'MTN MoMo')).toBe('AirtelTigo');
    expect(otherNetworkHint('024 412 3456', 'GH', 'MTN MoMo')).toBeNull();
    expect(otherNetworkHint('023 123 4567', 'GH', 'MTN MoMo')).toBeNull();
    // Not a network the table knows (a Zimbabwean wallet): nothing to compare.
    expect(otherNetworkHint('077 123 4567', 'ZW', 'EcoCash')).toBeNull();
  });
});

describe("Ghana's ways to pay: one per network (t17 G2)", () => {
  it('routes each network to MTN’s own API, then Paystack, then Flutterwave, with each provider’s own code', () => {
    expect(NETWORK_CHOICES.GH.map((c) => [c.name, c.routes.map((r) => `${r.rail}:${r.network ?? ''}`)])).toEqual([
      ['MTN MoMo', ['mtn_momo:', 'paystack_momo:mtn', 'flutterwave:MTN']],
      ['Telecel Cash', ['paystack_momo:vod', 'flutterwave:VODAFONE']],
      ['AirtelTigo Money', ['paystack_momo:atl', 'flutterwave:TIGO']],
    ]);
    // Every route is a phone rail that takes cedis, and names the wallet as the choice does (receipts, test phone).
    for (const choice of NETWORK_CHOICES.GH)
      for (const r of choice.routes) {
        expect(RAILS[r.rail]).toMatchObject({ kind: 'phone' });
        expect(RAILS[r.rail].currencies).toContain('GHS');
        if (r.network) expect(walletName(r.rail, 'GHS', r.network)).toBe(choice.name);
      }
  });
});

describe("Uganda's, Rwanda's and Zambia's ways to pay: one per network (t18 U2)", () => {
  it('routes each network to its own API, then Flutterwave; Zamtel through Flutterwave only', () => {
    const routes = (country: string) => NETWORK_CHOICES[country].map((c) => [c.name, c.routes.map((r) => `${r.rail}:${r.network ?? ''}`)]);
    for (const country of ['UG', 'RW'])
      expect(routes(country)).toEqual([
        ['MTN MoMo', ['mtn_momo:', 'flutterwave:MTN']],
        ['Airtel Money', ['airtel_money:', 'flutterwave:AIRTEL']],
      ]);
    expect(routes('ZM')).toEqual([
      ['MTN MoMo', ['mtn_momo:', 'flutterwave:MTN']],
      ['Airtel Money', ['airtel_money:', 'flutterwave:AIRTEL']],
      ['Zamtel Kwacha', ['flutterwave:ZAMTEL']],
    ]);
    // The receipt names the network the customer chose, even where Flutterwave's charge takes none (Uganda, Rwanda).
    for (const [country, currency] of [
      ['UG', 'UGX'],
      ['RW', 'RWF'],
      ['ZM', 'ZMW'],
    ])
      for (const choice of NETWORK_CHOICES[country])
        for (const r of choice.routes) {
          expect(RAILS[r.rail].currencies).toContain(currency);
          if (r.network) expect(walletName(r.rail, currency, r.network)).toBe(choice.name);
        }
  });
});

describe("each wallet's example number (t19 G3)", () => {
  it("is its own network's, a valid mobile number, and never draws the page's own 'looks like' hint", () => {
    expect(mobileMoneyExample('GH', 'Telecel Cash')).toBe('020 123 4567');
    expect(mobileMoneyExample('GH', 'MTN MoMo')).toBe('024 123 4567');
    expect(mobileMoneyExample('GH')).toBe('024 123 4567');
    expect(mobileMoneyExample('RW', 'Airtel Money')).toBe('073 123 4567');
    expect(mobileMoneyExample('KE', 'M-Pesa')).toBe('0712 345 678');
    for (const wallet of ['MTN MoMo', 'Telecel Cash', 'AirtelTigo Money']) {
      expect(numberNetwork(mobileMoneyExample('GH', wallet), 'GH')?.name).toBe(wallet);
      expect(otherNetworkHint(mobileMoneyExample('GH', wallet), 'GH', wallet)).toBeNull();
    }
    const wallets: Array<[string, string]> = [
      ['KE', 'Airtel Money'],
      ['UG', 'Airtel Money'],
      ['RW', 'Airtel Money'],
      ['ZM', 'Airtel Money'],
      ['ZM', 'Zamtel Kwacha'],
      ['CM', 'Orange Money'],
      ['TZ', 'M-Pesa'],
      ['TZ', 'Airtel Money'],
      ['TZ', 'Mixx by Yas'],
      ['ZW', 'OneMoney'],
    ];
    for (const [country, wallet] of wallets) {
      const example = mobileMoneyExample(country, wallet);
      expect(example).not.toBe(MOBILE_MONEY_NUMBERS[country].example);
      expect(mobileMoneyPhone(example, country)).not.toBeNull();
    }
  });
});

describe('example numbers written as the app shows numbers (t20 ZW/ET phones)', () => {
  it('groups the pay page hints of countries that write mobiles in threes the way formatPhone does', () => {
    for (const country of ['KE', 'UG', 'ZM', 'ZW', 'ET']) {
      const wallets = [undefined, 'Airtel Money', 'Zamtel Kwacha', 'OneMoney'];
      for (const wallet of wallets) {
        const example = mobileMoneyExample(country, wallet);
        const digits = mobileMoneyPhone(example, country);
        expect(digits, `${country} ${example}`).not.toBeNull();
        expect(formatPhone(`+${digits}`, country)).toBe(example);
      }
    }
    expect(mobileMoneyExample('ZW')).toBe('0771 234 567');
    expect(mobileMoneyExample('ET')).toBe('0911 234 567');
  });
});
