import { describe, expect, it } from 'vitest';
import { createTokens, createVersionCache } from '../../lib/auth';

describe('auth caches', () => {
  it('token versions expire after the TTL and stay bounded', () => {
    const cache = createVersionCache(1000, 2);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1001)).toBeUndefined();
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect([cache.get('b', 1), cache.get('c', 1)]).toEqual([2, 3]);
    cache.delete('b');
    expect(cache.get('b', 1)).toBeUndefined();
    // reset: everything forgotten, new entries kept the new TTL.
    cache.reset(5000);
    expect(cache.get('c', 1)).toBeUndefined();
    cache.set('c', 3, 0);
    expect(cache.get('c', 4999)).toBe(3);
  });

  it('verifies signatures (remembered ones too) and refuses other secrets and tampering', async () => {
    const tokens = createTokens('secret-one-secret-one-secret-one');
    const other = createTokens('secret-two-secret-two-secret-two');
    const jwt = await tokens.sign('user-1', 4);
    expect(await tokens.verify(jwt)).toEqual({ sub: 'user-1', tv: 4 });
    expect(await tokens.verify(jwt)).toEqual({ sub: 'user-1', tv: 4 });
    expect(await other.verify(jwt)).toBeNull();
    const [h, p, s] = jwt.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, tv: 9 })).toString('base64url')}.${s}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await tokens.verify('a.b.c')).toBeNull();
  });
});
