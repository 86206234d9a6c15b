import { SYNC_LIMITS } from './constants';

/** A pull's `except`: version ranges, "12-511,600". */
export const SYNC_EXCEPT = /^\d{1,15}(-\d{1,15})?(,\d{1,15}(-\d{1,15})?)*$/;

/** "12-511,600" → [[12, 511], [600, 600]] (a reversed range is read in order). */
export function parseVersionRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [a, b = a] = part.split('-').map(Number) as [number, number?];
    return a <= b ? [a, b] : [b, a];
  });
}

/**
 * Versions → the fewest ranges ("12-511,600"), at most `max` of them, the newest kept (older versions are more
 * likely already behind the pull's cursor). Empty when there are none.
 */
export function versionRanges(versions: Iterable<number>, max: number = SYNC_LIMITS.maxExceptRanges): string {
  const sorted = [...new Set(versions)].filter((v) => Number.isSafeInteger(v) && v >= 0).sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const v of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && v === last[1] + 1) last[1] = v;
    else ranges.push([v, v]);
  }
  return ranges
    .slice(-max)
    .map(([a, b]) => (a === b ? String(a) : `${a}-${b}`))
    .join(',');
}
