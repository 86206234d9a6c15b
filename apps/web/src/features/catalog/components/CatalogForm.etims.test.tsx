import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { FISCAL_MODE_KEY } from '../../fiscal/mode';
import { CatalogForm } from './CatalogForm';

// The server has not answered GET /fiscal/codes yet: the pickers offer the bundled lists (TEST MODE's part of KRA's)
// and stay mounted (they start again, keyed by the lists' source, when an answer comes).
vi.mock('../../../data/api', async (original) => ({ ...(await original<typeof import('../../../data/api')>()), api: () => new Promise(() => {}) }));

const render = () => renderWithQueries(<CatalogForm item={null} onClose={() => {}} />);

/**
 * Picks an option of a Mantine Select by its label: typed into its search, then chosen (jsdom lays nothing out, so
 * the floating dropdown stays display:none; its options are still the ones Mantine submits on click).
 */
async function pick(label: RegExp, search: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  if (search) fireEvent.change(input, { target: { value: search } });
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(async () => {
  cleanup();
  await db.meta.delete(FISCAL_MODE_KEY);
});

describe("catalog form: the item's KRA eTIMS class, type and packaging (issue 26)", { timeout: 60_000 }, () => {
  it('on KRA eTIMS asks for the class (explained), defaults a service unit to a service, and saves the choices', async () => {
    await db.meta.put({ key: FISCAL_MODE_KEY, value: 'etims' });
    render();
    const cls = await screen.findByRole('combobox', { name: /^KRA item classification/ }, { timeout: 20_000 });
    expect((cls as HTMLInputElement).required).toBe(true);
    expect(screen.getByText(/What kind of goods or service this is, from KRA's list \(search by name or number\)\. KRA uses it/)).toBeTruthy();
    const type = screen.getByRole('combobox', { name: /^KRA item type/ }) as HTMLInputElement;
    expect(type.value).toBe('2 · Finished product');
    expect((screen.getByRole('combobox', { name: /^KRA packaging unit/ }) as HTMLInputElement).value).toBe('NT · Net');

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Haircut' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '500' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Unit$/ }), { target: { value: 'hour' } });
    // Sold by the hour: a service unless the owner says otherwise.
    await waitFor(() => expect(type.value).toBe('3 · Service'));

    // No class chosen: the form says what to do, nothing is saved.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose what kind of item this is from the KRA list: KRA needs it with every sale of this item.');
    expect(await db.catalogs.where('name').equals('Haircut').count()).toBe(0);

    // A class found by searching its name; a packaging unit chosen.
    await pick(/^KRA item classification/, 'hair', '9100000000 · Personal and domestic services (hair, beauty, laundry)');
    await pick(/^KRA packaging unit/, 'box', 'BX · Box');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.catalogs.where('name').equals('Haircut').count()).toBe(1), { timeout: 10_000 });
    const saved = await db.catalogs.where('name').equals('Haircut').first();
    // The type stays core's default ('': service for this unit) until the owner picks one; the rest as chosen.
    expect(saved).toMatchObject({ item_class: '9100000000', item_type: '', packaging_unit: 'BX', unit: 'hour' });
  });

  it('saves a type the owner picks', async () => {
    await db.meta.put({ key: FISCAL_MODE_KEY, value: 'etims' });
    render();
    await screen.findByRole('combobox', { name: /^KRA item type/ }, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Maize grain' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '500' } });
    await pick(/^KRA item classification/, '1000000000', '1000000000 · Live plant and animal material and accessories and supplies');
    await pick(/^KRA item type/, '', '1 · Raw material');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.catalogs.where('name').equals('Maize grain').count()).toBe(1), { timeout: 10_000 });
    expect(await db.catalogs.where('name').equals('Maize grain').first()).toMatchObject({ item_type: '1', packaging_unit: '', item_class: '1000000000' });
  });

  it('in TEST MODE offers the class without requiring it: a new shop adds an item at once (generic class meanwhile)', async () => {
    await db.meta.put({ key: FISCAL_MODE_KEY, value: 'test' });
    render();
    const cls = await screen.findByRole('combobox', { name: /^KRA item classification/ }, { timeout: 20_000 });
    expect((cls as HTMLInputElement).required).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Cement 50kg' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.catalogs.where('name').equals('Cement 50kg').count()).toBe(1), { timeout: 10_000 });
    expect(await db.catalogs.where('name').equals('Cement 50kg').first()).toMatchObject({ item_class: '' });
  });

  it('asks nothing of a business whose sales do not go to KRA', async () => {
    await db.meta.put({ key: FISCAL_MODE_KEY, value: 'off' });
    render();
    await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /^KRA item classification/ })).toBeNull());
    expect(screen.queryByRole('combobox', { name: /^KRA item type/ })).toBeNull();
  });
});
