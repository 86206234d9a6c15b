import { describe, expect, it } from 'vitest';
import { invoiceSettingsSchema } from '../accounts';
import {
  allowedPayRails,
  walletName,
  countryRails,
  payRailsProblem,
  COUNTRY_RAILS,
  currencyCountry,
  payerCountry,
  mobileMoneyName,
  mobileMoneyPhone,
  nationalNumber,
  RAILS,
  railName,
  railsFor,
  SUPPORTED_COUNTRIES,
} from '../index';

describe('rails per country (issue 25)', () => {
  it('names the ways to pay of one country so a customer can tell them apart (t20: two "instant EFT" buttons in ZA)', () => {
    for (const [code, row] of Object.entries(COUNTRY_RAILS)) {
      for (const currency of row.currencies) {
        const names = railsFor(code, currency).map((r) => railName(r, currency));
        expect(new Set(names).size, `${code} ${currency}`).toBe(names.length);
        expect(names.filter((n) => /instant EFT/i.test(n)).length, `${code} ${currency}: ${names.join(', ')}`).toBeLessThanOrEqual(1);
      }
    }
    expect(railsFor('ZA', 'ZAR').map((r) => railName(r, 'ZAR'))).toEqual([
      'Capitec Pay or instant EFT (Paystack)',
      'Flutterwave bank payment',
      'Ozow (pay by bank)',
      'Card',
    ]);
  });

  it('every supported country and Nigeria has rails, each taking the country currency', () => {
    for (const code of [...SUPPORTED_COUNTRIES.map((c) => c.code), 'NG']) {
      const row = COUNTRY_RAILS[code];
      expect(row, code).toBeDefined();
      expect(railsFor(code, row.currencies[0]).length, code).toBeGreaterThan(0);
      for (const r of railsFor(code, row.currencies[0])) expect(RAILS[r].currencies).toContain(row.currencies[0]);
    }
  });

  it('the table of the issue', () => {
    expect(railsFor('UG', 'UGX')).toEqual(['mtn_momo', 'airtel_money', 'flutterwave', 'card']);
    expect(railsFor('KE', 'KES')).toEqual(['mpesa', 'airtel_money', 'card']);
    expect(railsFor('NG', 'NGN')).toEqual(['paystack', 'flutterwave_checkout', 'card']);
    expect(railsFor('CM', 'XAF')).toEqual(['flutterwave', 'card']);
    expect(railsFor('ET', 'ETB')).toEqual(['chapa', 'card']);
    expect(railsFor('ZW', 'USD')).toEqual(['paynow', 'card']);
    expect(railsFor('ZW', 'ZWG')).toEqual(['paynow']);
    // t19 G1: a card way too (Flutterwave's checkout takes cedis; the card form does not).
    expect(railsFor('GH', 'GHS')).toEqual(['mtn_momo', 'paystack_momo', 'flutterwave', 'flutterwave_checkout']);
    expect(railName('flutterwave_checkout', 'GHS')).toBe('Flutterwave (card)');
    expect(railName('flutterwave_checkout', 'NGN')).toBe('Flutterwave');
  });

  it('an invoice in another country currency offers the rails that take it', () => {
    // A Ugandan business billing a Kenyan client in shillings: M-Pesa and Airtel Kenya, and the card.
    expect(railsFor('UG', 'KES')).toEqual(['airtel_money', 'mpesa', 'card']);
    expect(railsFor('NG', 'UGX')).toEqual(['mtn_momo', 'airtel_money', 'flutterwave', 'card']);
    // A currency no rail of anyone takes: nothing.
    expect(railsFor('KE', 'GBP')).toEqual(['card']);
    expect(railsFor('GH', 'XOF')).toEqual(['card']);
    expect(currencyCountry('XAF')).toBe('CM');
  });

  it("a USD invoice offers the business's own rails that take USD, never Zimbabwe's Paynow elsewhere (t18 E1)", () => {
    expect(railsFor('ET', 'USD')).toEqual(['chapa', 'card']);
    expect(railsFor('KE', 'USD')).toEqual(['card']);
    expect(railsFor('UG', 'USD')).toEqual(['card']);
    expect(railsFor('ZW', 'USD')).toEqual(['paynow', 'card']);
    expect(currencyCountry('USD')).toBeNull();
    expect(payerCountry('USD', 'ZW')).toBe('ZW');
    expect(payerCountry('USD', 'et')).toBe('ET');
    expect(payerCountry('UGX', 'KE')).toBe('UG');
    expect(payerCountry('GBP', null)).toBeNull();
  });

  it("the owner's choice narrows the rails; none chosen means all", () => {
    expect(railsFor('UG', 'UGX', ['mtn_momo'])).toEqual(['mtn_momo']);
    expect(railsFor('UG', 'UGX', [])).toEqual(railsFor('UG', 'UGX'));
    expect(countryRails('ZM')).toEqual(['mtn_momo', 'airtel_money', 'flutterwave', 'card']);
    expect(invoiceSettingsSchema.shape.pay_rails.safeParse(['mtn_momo', 'chapa']).success).toBe(true);
    expect(invoiceSettingsSchema.shape.pay_rails.safeParse(['bitcoin']).success).toBe(false);
  });

  it('names the networks of Flutterwave mobile money per payer country', () => {
    expect(railName('flutterwave', 'XAF')).toBe('MTN MoMo / Orange Money');
    expect(railName('mtn_momo', 'UGX')).toBe('MTN MoMo');
  });
});

describe('the wallet named on the prompt and receipt (issue 25, t25 D6)', () => {
  it("is the network picked, and Ghana's two buttons begin differently", () => {
    expect(walletName('flutterwave', 'GHS', 'VODAFONE')).toBe('Telecel Cash');
    expect(walletName('paynow', 'USD', 'ecocash')).toBe('EcoCash');
    expect(walletName('paynow', 'ZWG', 'onemoney')).toBe('OneMoney');
    expect(walletName('mtn_momo', 'UGX', null)).toBe('MTN MoMo');
    expect(railName('flutterwave', 'GHS')).toBe('Flutterwave (Telecel Cash / AirtelTigo Money / MTN MoMo)');
    // Beside MTN MoMo and Airtel Money's own buttons it says whose it is and what it reaches (t16); alone, the networks.
    expect(railName('flutterwave', 'UGX')).toBe('Flutterwave (MTN MoMo / Airtel Money)');
    expect(railName('flutterwave', 'ZMW')).toBe('Flutterwave (Zamtel Kwacha / MTN MoMo / Airtel Money)');
    expect(railName('flutterwave', 'XAF')).toBe('MTN MoMo / Orange Money');
    expect(railName('flutterwave', 'ZMW').startsWith('MTN MoMo')).toBe(false);
  });
});

describe('rails an owner may choose (issue 25, t25 D8)', () => {
  it("are the country's and those taking its currency; another country's rail is named with those that apply", () => {
    expect(allowedPayRails('UG', 'UGX')).toEqual(['card', 'mtn_momo', 'airtel_money', 'flutterwave']);
    expect(payRailsProblem(['mtn_momo', 'card'], 'UG', 'UGX', 'Uganda')).toBeNull();
    expect(payRailsProblem(['chapa'], 'UG', 'UGX', 'Uganda')).toBe(
      'Chapa is not offered in Uganda: choose from Card, MTN MoMo, Airtel Money, Flutterwave (MTN MoMo / Airtel Money)',
    );
    expect(payRailsProblem(['mpesa', 'paynow'], 'NG', 'NGN', 'Nigeria')).toBe(
      'M-Pesa, Paynow are not offered in Nigeria: choose from Paystack, Card, Flutterwave',
    );
  });
});

describe('mobile-money numbers (issue 25)', () => {
  it('reads the ways people type a number', () => {
    for (const typed of ['0772 123 456', '772123456', '+256 772 123456', '256772123456', '00256-772-123-456'])
      expect(mobileMoneyPhone(typed, 'UG'), typed).toBe('256772123456');
    expect(mobileMoneyPhone('0712 345 678', 'KE')).toBe('254712345678');
    expect(mobileMoneyPhone('6 71 23 45 67', 'CM')).toBe('237671234567');
    expect(mobileMoneyPhone('0771234567', 'ZW')).toBe('263771234567');
    expect(nationalNumber('256772123456', 'UG')).toBe('772123456');
  });

  it('refuses what cannot be a mobile-money number of that country', () => {
    expect(mobileMoneyPhone('0414 123 456', 'UG')).toBeNull(); // Kampala landline
    expect(mobileMoneyPhone('+254 712 345 678', 'UG')).toBeNull(); // a Kenyan number on a Ugandan rail
    expect(mobileMoneyPhone('0772 123', 'UG')).toBeNull();
    expect(mobileMoneyPhone('call me', 'UG')).toBeNull();
    expect(mobileMoneyPhone('0772123456', 'XX')).toBeNull();
  });
});

describe("the counter's mobile-money tender name per country", () => {
  it('is M-Pesa in Kenya, by code or by the name an account keeps, any case', () => {
    for (const c of ['KE', 'ke', 'Kenya', ' KENYA ']) expect(mobileMoneyName(c)).toBe('M-Pesa');
  });
  it('stays the generic name where several wallets share the market, and with no country', () => {
    for (const c of ['NG', 'Nigeria', 'Ghana', 'Uganda', 'Tanzania', 'Cameroon', 'Rwanda', 'Zambia', '', null, undefined])
      expect(mobileMoneyName(c)).toBeNull();
  });
  it('names only a rail the country itself offers', () => {
    expect(countryRails('KE')).toContain('mpesa');
  });
});
