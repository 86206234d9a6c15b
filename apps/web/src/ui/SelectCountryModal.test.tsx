import { COUNTRIES, type Country } from '@duka/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { SelectCountryModal } from './SelectCountryModal';
import { renderUi } from './testing';

/** The list of rows, labelled with the modal's title in the screen's language. */
const listEl = () => document.querySelector('[role="dialog"] ul[aria-label]') as HTMLElement;
const list = () => within(listEl());
const rows = () => Array.from(listEl().querySelectorAll('button'));
const names = () => rows().map((b) => b.querySelector('span:nth-child(2)')?.textContent);
// A slice keeps most tests fast in jsdom; the first test renders all ~250.
const SOME = COUNTRIES.filter((c) => ['US', 'IL', 'NE', 'NG', 'KE', 'GH', 'UG', 'CM', 'MA', 'MW', 'ML'].includes(c.code));

describe('Select A Country (SPEC §2 modal 2)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('lists every country with flag and name, United States and Israel first', () => {
    renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Select A Country' })).toBeTruthy();
    const all = rows();
    expect(all.length).toBe(COUNTRIES.length);
    expect(all.length).toBeGreaterThan(230);
    expect(all[0].textContent).toContain('🇺🇸');
    expect(all[0].textContent).toContain('United States');
    expect(all[1].textContent).toContain('Israel');
  }, 30_000);

  it('filters case-insensitively by name only after the 500 ms debounce', () => {
    renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={() => {}} countries={SOME} />);
    const search = screen.getByRole('searchbox', { name: 'Search countries' });
    fireEvent.change(search, { target: { value: 'NIGER' } });
    act(() => vi.advanceTimersByTime(499));
    expect(rows()).toHaveLength(SOME.length);
    act(() => vi.advanceTimersByTime(1));
    expect(names()).toEqual(['Niger', 'Nigeria']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status').textContent).toContain('zzz');
  });

  it('restarts the debounce on every keystroke', () => {
    renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={() => {}} countries={SOME} />);
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'ke' } });
    act(() => vi.advanceTimersByTime(400));
    fireEvent.change(search, { target: { value: 'ken' } });
    act(() => vi.advanceTimersByTime(400));
    expect(rows()).toHaveLength(SOME.length);
    act(() => vi.advanceTimersByTime(100));
    expect(names()).toEqual(['Kenya']);
  });

  it('returns the chosen Country and highlights the selected one', () => {
    const onSelect = vi.fn<(c: Country) => void>();
    renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={onSelect} selected="Ghana" countries={SOME} />);
    const ghana = list().getByRole('button', { name: 'Ghana' });
    expect(ghana.getAttribute('aria-current')).toBe('true');
    expect(list().getByRole('button', { name: 'Kenya' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(list().getByRole('button', { name: 'Kenya' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: 'Kenya', code: 'KE', iso_code: 'KE', currency_code: 'KES' }));
  });

  it('highlights a selection given as a Country object or a code, and Cameron as SPEC spells it', () => {
    const kenya = COUNTRIES.find((c) => c.code === 'KE')!;
    const { unmount } = renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={() => {}} selected={kenya} countries={SOME} />);
    expect(list().getByRole('button', { name: 'Kenya' }).getAttribute('aria-current')).toBe('true');
    unmount();
    renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={() => {}} selected="Cameron" countries={SOME} />);
    expect(list().getByRole('button', { name: 'Cameron' }).getAttribute('aria-current')).toBe('true');
  });

  it('is keyboard friendly: Enter takes the first match, arrows move through the rows', () => {
    const onSelect = vi.fn();
    renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={onSelect} countries={SOME} />);
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'uganda' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Uganda' }));
    fireEvent.change(search, { target: { value: 'ken' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(search, { target: { value: 'ma' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const found = rows();
    expect(names()).toEqual(['Malawi', 'Mali']);
    expect(document.activeElement).toBe(found[0]);
    fireEvent.keyDown(found[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(found[1]);
    fireEvent.keyDown(found[1], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(found[0]);
  });

  it('closing returns no selection', () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    renderUi(<SelectCountryModal opened onClose={onClose} onSelect={onSelect} countries={SOME} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSelect).not.toHaveBeenCalled();
  });

  describe('in the screen language (issue 19)', () => {
    afterEach(() => setLanguage('en'));

    it('French shows Cameroun and Kenya, finds a country by its French or English name, and returns SPEC’s English name', async () => {
      await setLanguage('fr');
      const onSelect = vi.fn<(c: Country) => void>();
      renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={onSelect} selected="Cameron" countries={SOME} />);
      const box = () => within(document.querySelector('ul[aria-label="Choisissez un pays"]') as HTMLElement);
      expect(screen.getByRole('dialog', { name: 'Choisissez un pays' })).toBeTruthy();
      expect(box().getByRole('button', { name: 'Cameroun' }).getAttribute('aria-current')).toBe('true');
      expect(box().getByRole('button', { name: 'Kenya' })).toBeTruthy();
      expect(box().queryByRole('button', { name: 'Cameron' })).toBeNull();
      const search = screen.getByRole('searchbox', { name: 'Rechercher un pays' });
      fireEvent.change(search, { target: { value: 'cameroun' } });
      act(() => vi.advanceTimersByTime(500));
      expect(
        box()
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['🇨🇲CamerounCM✓']);
      fireEvent.change(search, { target: { value: 'united states' } });
      act(() => vi.advanceTimersByTime(500));
      fireEvent.click(box().getByRole('button', { name: 'États-Unis' }));
      expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'United States', code: 'US' }));
      expect(onSelect.mock.lastCall?.[0]).not.toHaveProperty('label');
    });

    it('Swahili shows the names Intl gives in Swahili and finds Cameron by either name', async () => {
      await setLanguage('sw');
      const onSelect = vi.fn<(c: Country) => void>();
      renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={onSelect} countries={SOME} />);
      const sw = new Intl.DisplayNames(['sw'], { type: 'region' });
      const shown = names();
      expect(shown.slice(0, 2)).toEqual([sw.of('US'), sw.of('IL')]);
      expect(shown).toContain(sw.of('CM'));
      expect(shown).toContain('Kameruni');
      expect(shown).not.toContain('Cameron');
      const search = screen.getByRole('searchbox');
      fireEvent.change(search, { target: { value: 'Cameron' } });
      act(() => vi.advanceTimersByTime(500));
      expect(names()).toEqual(['Kameruni']);
      fireEvent.keyDown(search, { key: 'Enter' });
      expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Cameron', code: 'CM' }));
    });

    it('English still shows Cameron as SPEC spells it', () => {
      renderUi(<SelectCountryModal opened onClose={() => {}} onSelect={() => {}} countries={SOME} />);
      expect(names()).toContain('Cameron');
      expect(names()).not.toContain('Cameroun');
    });
  });
});
