import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client } from '../sync/test-utils';

/**
 * Issue 22: POST /affiliates/click is open and writes a row for each new visitor id, which the caller chooses. From
 * one address, a script inventing visitor ids is stopped after 20 a minute: it can neither inflate an affiliate's
 * clicks nor fill the table.
 */
const { app } = await openTestApp({ rateLimits: true });
const ip = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

describe('affiliate clicks (issue 22)', () => {
  it('are limited per address', async () => {
    const affiliate = await signUp(app, {}, { remoteAddress: `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });
    const api = client(app, affiliate);
    const joined = await api.post('/affiliates', { payout_method: 'bank', bank_name: 'GTBank', account_name: 'Ada Obi', account_number: '0123456789' });
    expect(joined.status).toBe(200);
    const code = joined.body.affiliate.code as string;
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/affiliates/click',
        payload: { code, visitor_id: `visitor-${randomUUID()}` },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect((await api.get('/affiliates/me')).body.stats.clicks).toBe(20);
  });
});
