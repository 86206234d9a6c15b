import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../data/db';
import { setLanguage } from '../../i18n';
import { renderWithQueries } from '../../ui/testing';
import { ItemRegistration } from './ItemRegistration';
import { keepFiscalMode } from './mode';

const state = vi.hoisted(() => ({ online: true, answer: { items: [] as unknown[] }, registered: [] as unknown[], registerAnswer: null as unknown }));
vi.mock('../../data/sync/hooks', () => ({ useSyncState: () => ({ online: state.online }) }));
vi.mock('../../data/api', async (original) => {
  const actual = await original<typeof import('../../data/api')>();
  return {
    ...actual,
    api: async (route: string, opts?: { params?: { id: string } }) => {
      if (route !== 'POST /fiscal/items/:id/register') return state.answer;
      state.registered.push(opts?.params?.id);
      return state.registerAnswer;
    },
  };
});

const CEMENT = '0b6f2c4e-3d1a-4b5c-8e9f-1a2b3c4d5e6f';
const row = (extra: Record<string, unknown>) => ({
  catalog_id: CEMENT,
  item_code: 'KE2NTBG0000001',
  item_class: '5059690800',
  quantity_unit: 'BG',
  packaging_unit: 'NT',
  tax_band: 'B',
  state: 'registered',
  test: false,
  error: null,
  registered_at: '2026-11-26T08:00:00.000Z',
  attempts: 1,
  ...extra,
});
const show = (d = createDb(`items-${crypto.randomUUID()}`)) => renderWithQueries(<ItemRegistration catalogId={CEMENT} d={d} />);
const text = async () => (await screen.findByTestId('fiscal-item', {}, { timeout: 10_000 })).textContent;

afterEach(async () => {
  cleanup();
  state.online = true;
  state.answer = { items: [] };
  state.registered = [];
  await setLanguage('en');
});

describe("a catalog item's eTIMS registration (issue 26, saveItem)", { timeout: 30_000 }, () => {
  it('shows the item code KRA registered, or that it is refused with what to do', async () => {
    state.answer = { items: [row({})] };
    show();
    expect(await text()).toBe('Registered with KRA eTIMS as KE2NTBG0000001.');
    cleanup();
    state.answer = { items: [row({ state: 'error', error: { code: '910', message: 'KRA eTIMS: itemClsCd is not for this product (910)' } })] };
    show();
    expect(await text()).toBe(
      'KRA refused item KE2NTBG0000001: KRA eTIMS: itemClsCd is not for this product (910). Change its classification or unit, save, then send the invoice again.',
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    cleanup();
    state.answer = { items: [row({ state: 'pending', error: { code: '503', message: 'KRA eTIMS is unavailable (HTTP 503)' } })] };
    show();
    expect(await text()).toBe('eTIMS item code KE2NTBG0000001: KRA did not answer (KRA eTIMS is unavailable (HTTP 503)). Duka tries again by itself.');
  });

  it('"Try again" on a refused item asks the server to register it now, and shows the answer', async () => {
    state.answer = { items: [row({ state: 'error', error: { code: '910', message: 'KRA eTIMS: itemClsCd is not for this product (910)' } })] };
    state.registerAnswer = row({ state: 'registered' });
    show();
    await screen.findByRole('alert', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('fiscal-item').textContent).toBe('Registered with KRA eTIMS as KE2NTBG0000001.'), { timeout: 10_000 });
    expect(state.registered).toEqual([CEMENT]);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    // Not yet given a code (saved a moment ago, or before this round): "Register with KRA now".
    state.answer = { items: [] };
    show();
    expect(await text()).toBe('Gets its eTIMS item code and is registered with KRA once saved.');
    expect(screen.getByRole('button', { name: 'Register with KRA now' })).toBeTruthy();
  });

  it('in TEST MODE says the registration stays on Duka, before and after the first sale; in French and Swahili too', async () => {
    const d = createDb(`items-${crypto.randomUUID()}`);
    await keepFiscalMode('test', d);
    show(d);
    expect(await text()).toBe('Gets its eTIMS item code once saved (TEST MODE: kept on Duka, nothing is sent to KRA).');
    expect(screen.getByRole('button', { name: 'Give it its code now (TEST MODE)' })).toBeTruthy();
    cleanup();
    state.answer = { items: [row({ test: true })] };
    show(d);
    expect(await text()).toBe('eTIMS item code KE2NTBG0000001 (TEST MODE: kept on Duka, not sent to KRA).');
    cleanup();
    await setLanguage('fr');
    show(d);
    expect(await text()).toBe('Code article eTIMS KE2NTBG0000001 (MODE TEST : gardé sur Duka, pas envoyé à la KRA).');
    cleanup();
    await setLanguage('sw');
    show(d);
    expect(await text()).toBe('Msimbo wa bidhaa wa eTIMS KE2NTBG0000001 (HALI YA MAJARIBIO: unahifadhiwa kwenye Duka, haujatumwa KRA).');
  });
});
