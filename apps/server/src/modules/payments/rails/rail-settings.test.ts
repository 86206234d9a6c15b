import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../../test/harness';

// Issue 25 (t25 D8): an owner may choose only the rails of their country and currency.
const { app } = await openTestApp();

describe('invoice settings: pay rails (issue 25)', () => {
  it("refuses another country's rail with a 400 naming those that apply, and keeps the choice unchanged", async () => {
    const user = await signUp(app, { country: 'Uganda' });
    const patch = async (pay_rails: string[]) => {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/users/${user.username}`,
        headers: user.auth,
        payload: { user: { invoice_settings: { pay_rails } } },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const bad = await patch(['chapa']);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Chapa is not offered in Uganda: choose from Card, MTN MoMo, Airtel Money, Flutterwave (MTN MoMo / Airtel Money)');
    expect(bad.body.error.fields['user.invoice_settings.pay_rails']).toBe(bad.body.error.message);
    expect((await patch(['mtn_momo', 'card'])).status).toBe(200);
    expect((await patch([])).status).toBe(200);
  });
});
