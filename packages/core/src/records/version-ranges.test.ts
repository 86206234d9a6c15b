import { describe, expect, it } from 'vitest';
import { syncPullQuery } from './sync';
import { parseVersionRanges, SYNC_EXCEPT, versionRanges } from './version-ranges';

describe("a pull's except ranges (issue 22: an import is not downloaded back)", () => {
  it('compresses versions into the fewest ranges and reads them back', () => {
    const text = versionRanges([5, 3, 4, 9, 12, 11, 4]);
    expect(text).toBe('3-5,9,11-12');
    expect(SYNC_EXCEPT.test(text)).toBe(true);
    expect(parseVersionRanges(text)).toEqual([
      [3, 5],
      [9, 9],
      [11, 12],
    ]);
    expect(parseVersionRanges('8-2')).toEqual([[2, 8]]);
    expect(versionRanges([])).toBe('');
  });

  it('keeps at most the newest ranges; the pull query refuses more or anything else', () => {
    const many = Array.from({ length: 80 }, (_, i) => i * 3);
    const text = versionRanges(many, 50);
    expect(text.split(',')).toHaveLength(50);
    expect(text.startsWith('90,')).toBe(true);
    expect(syncPullQuery.safeParse({ collection: 'contacts', except: text }).success).toBe(true);
    expect(syncPullQuery.safeParse({ collection: 'contacts', except: many.join(',') }).success).toBe(false);
    expect(syncPullQuery.safeParse({ collection: 'contacts', except: '1-2;drop' }).success).toBe(false);
  });
});
