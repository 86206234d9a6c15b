import { describe, expect, it } from 'vitest';
import { isoTime } from './bulk';

describe('isoTime', () => {
  it('writes PostgreSQL JSON timestamps exactly as Date.toISOString does', () => {
    const texts = [
      '2026-11-27T05:37:11.609532+00:00',
      '2026-11-27T05:37:11.123999+00:00',
      '2026-11-27T05:37:11.5+00:00',
      '2026-11-27T05:37:11.99+00:00',
      '2026-11-27T05:37:11+00:00',
      '0099-01-01T00:00:00+00:00',
      '2026-11-27T08:37:11.609532+03:00',
      '2026-11-27T05:37:11.609Z',
    ];
    for (const t of texts) expect(isoTime(t)).toBe(new Date(t).toISOString());
    const d = new Date('2026-02-03T04:05:06.007Z');
    expect(isoTime(d)).toBe('2026-02-03T04:05:06.007Z');
  });
});
