import { COUNTRIES } from '@duka/core';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { filterCountryOptions, useCountryOptions } from './countryOptions';

afterEach(() => setLanguage('en'));

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('country options for a Select (issue 19)', () => {
  it('English: SPEC’s names, Cameron included, values and labels alike', () => {
    const { result } = renderHook(() => useCountryOptions());
    const cm = result.current.data.find((o) => o.value === 'Cameron');
    expect(cm).toEqual({ value: 'Cameron', label: 'Cameron' });
    expect(result.current.data).toHaveLength(new Set(COUNTRIES.map((c) => c.name)).size);
  });

  it('French labels with English values, found by either name', async () => {
    await setLanguage('fr');
    const { result } = renderHook(() => useCountryOptions());
    const { data, filter } = result.current;
    expect(data.find((o) => o.value === 'Cameron')?.label).toBe('Cameroun');
    expect(data.find((o) => o.value === 'Kenya')?.label).toBe('Kenya');
    expect(labels(filter({ options: data, search: 'cameroun', limit: Infinity }) as { label: string }[])).toEqual(['Cameroun']);
    expect(labels(filter({ options: data, search: 'Cameron', limit: Infinity }) as { label: string }[])).toEqual(['Cameroun']);
    expect(labels(filter({ options: data, search: 'etats', limit: Infinity }) as { label: string }[])).toContain('États-Unis');
    expect(filterCountryOptions({ options: data, search: 'a', limit: 3 })).toHaveLength(3);
  });

  it('Swahili labels from Intl', async () => {
    await setLanguage('sw');
    const { result } = renderHook(() => useCountryOptions());
    const sw = new Intl.DisplayNames(['sw'], { type: 'region' });
    expect(result.current.data.find((o) => o.value === 'Cameron')?.label).toBe(sw.of('CM'));
    expect(result.current.data.find((o) => o.value === 'South Africa')?.label).toBe(sw.of('ZA'));
  });
});
