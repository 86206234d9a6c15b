import { describe, expect, it } from 'vitest';
import { returnedRail } from './returnedRail';

const q = (s: string) => new URLSearchParams(s);

describe('returnedRail: the way to pay the customer came back to from a provider page', () => {
  it("keeps a Ghanaian Flutterwave network's button after its authorisation page, named as its receipt names it", () => {
    expect(returnedRail(q('rail=flutterwave&reference=r1&network=MTN&status=successful&tx_ref=r1&transaction_id=4000001'), 'GHS')).toEqual({
      id: 'flutterwave',
      name: 'MTN MoMo',
      kind: 'phone',
      test_mode: false,
      country: null,
      networks: [],
      network: 'MTN',
    });
  });

  it('keeps a hosted checkout returned from, under its name', () => {
    expect(returnedRail(q('rail=chapa&reference=c1'), 'ETB')).toMatchObject({ id: 'chapa', name: 'Chapa', kind: 'checkout' });
  });

  it('a phone prompt kept over a reload (no outcome from a provider page), a card, an unknown rail or no reference: none', () => {
    expect(returnedRail(q('rail=mtn_momo&reference=m1'), 'UGX')).toBeNull();
    expect(returnedRail(q('rail=card&reference=x&status=successful'), 'NGN')).toBeNull();
    expect(returnedRail(q('rail=toString&reference=x'), 'NGN')).toBeNull();
    expect(returnedRail(q('rail=chapa'), 'ETB')).toBeNull();
  });
});
