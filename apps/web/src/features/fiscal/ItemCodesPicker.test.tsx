import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb, type DukaDb } from '../../data/db';
import { renderWithQueries } from '../../ui/testing';
import { ItemCodesPicker } from './ItemCodesPicker';
import { codesOnDevice, FISCAL_CODES_KEY, useFiscalCodes } from './useFiscalCodes';

const state = vi.hoisted(() => ({ online: true, calls: [] as string[] }));
vi.mock('../../data/sync/hooks', () => ({ useSyncState: () => ({ online: state.online }) }));
vi.mock('../../data/api', async (original) => {
  const actual = await original<typeof import('../../data/api')>();
  return {
    ...actual,
    api: async (key: string) => {
      state.calls.push(key);
      // KRA's lists as the business's own eTIMS device gave them (not in the bundled part).
      return {
        tax_types: [{ code: 'B', name: 'B-16.00%', extra: '16' }],
        units: [{ code: 'KG', name: 'Kilo-Gram' }],
        packaging_units: [{ code: 'NT', name: 'Net' }],
        item_classes: [{ code: '5059690800', name: 'Portland cement', extra: 'B' }],
      };
    },
  };
});

function Source({ d }: { d: DukaDb }) {
  const { lists, source } = useFiscalCodes(d);
  return <p data-testid="codes">{`${source}:${lists.item_classes.map((c) => c.code).join(',')}`}</p>;
}
const wrap = (ui: React.ReactElement) => renderWithQueries(ui);

afterEach(() => {
  cleanup();
  state.online = true;
  state.calls = [];
});

describe('KRA code lists on the device', { timeout: 30_000 }, () => {
  it('keeps the lists fetched online and offers them offline; the bundled lists before the first fetch', async () => {
    const d = createDb(`codes-${crypto.randomUUID()}`);
    // Offline on a fresh device: the bundled part of KRA's lists.
    state.online = false;
    wrap(<Source d={d} />);
    await waitFor(() => expect(screen.getByTestId('codes').textContent).toMatch(/^bundled:1000000000,/), { timeout: 10_000 });
    cleanup();

    state.online = true;
    wrap(<Source d={d} />);
    await waitFor(() => expect(screen.getByTestId('codes').textContent).toBe('server:5059690800'), { timeout: 10_000 });
    await waitFor(async () => expect((await codesOnDevice(d))?.item_classes[0]?.name).toBe('Portland cement'), { timeout: 10_000 });
    cleanup();

    // Offline again: the kept lists, without asking; the picker names the item's class from them.
    state.online = false;
    state.calls = [];
    wrap(<Source d={d} />);
    await waitFor(() => expect(screen.getByTestId('codes').textContent).toBe('device:5059690800'), { timeout: 10_000 });
    wrap(
      <ItemCodesPicker
        values={{ item_class: '5059690800', unit_code: 'KG', item_type: '', packaging_unit: '', unit: 'bag' }}
        onChange={() => undefined}
        errors={{}}
        d={d}
      />,
    );
    await waitFor(() => expect([...document.querySelectorAll('input')].map((i) => i.value)).toContain('5059690800 · Portland cement'), { timeout: 10_000 });
    expect(screen.getByDisplayValue('KG · Kilo-Gram')).toBeTruthy();
    expect(state.calls).toEqual([]);
  });

  it('a damaged copy on the device reads as none (the bundled lists)', async () => {
    const d = createDb(`codes-${crypto.randomUUID()}`);
    await d.meta.put({ key: FISCAL_CODES_KEY, value: '{"item_classes": 3' });
    expect(await codesOnDevice(d)).toBeNull();
    await d.meta.put({ key: FISCAL_CODES_KEY, value: JSON.stringify({ units: [] }) });
    expect(await codesOnDevice(d)).toBeNull();
  });
});
