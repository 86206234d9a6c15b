import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../data/db';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { CatalogForm } from './CatalogForm';

const now = '2026-11-22T10:00:00.000Z';
const item = {
  id: '0f6b7a52-5d1c-4c3f-8a8e-1f0e2c3d4b5a',
  name: 'Rice 50kg',
  description: '',
  unit_price: 4_500_000,
  unit: 'piece',
  sku: 'R'.repeat(90),
  active: true,
  version: 3,
  created_at: now,
  updated_at: now,
};

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  await db.catalogs.put(item);
  // The server refused the last edit of this item's SKU (a rejected change in the queue, as the sync engine keeps it).
  await db.queue.add({
    mutation_id: crypto.randomUUID(),
    collection: 'catalogs',
    op: 'upsert',
    id: item.id,
    data: { sku: item.sku },
    base_version: 3,
    created_at: now,
    status: 'rejected',
    error: 'sku: Too long (at most 64 characters)',
    error_fields: { sku: 'Too long (at most 64 characters)' },
  });
});
afterEach(cleanup);

describe('catalog form after a refused change ("Fix")', () => {
  it('marks the refused field with the server message, and clears the mark when the user edits it', async () => {
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <CatalogForm item={item} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const sku = await screen.findByLabelText('SKU');
    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 });
    expect(screen.getByText('Too long (at most 64 characters)')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(sku, { target: { value: 'RICE-50' } });
    await waitFor(() => expect(screen.queryByText('Too long (at most 64 characters)')).toBeNull());
  });
});

describe('catalog form: a price left empty or unreadable (t24 F3)', () => {
  function open() {
    const state = { closed: false };
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <CatalogForm item={null} onClose={() => (state.closed = true)} />
      </QueryClientProvider>,
    );
    return state;
  }
  const saved = (name: string) => db.catalogs.filter((c) => c.name === name).first();

  it('asks for the price instead of saving the item at 0 (letters typed leave the field empty)', async () => {
    const state = open();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Cement 50kg' } });
    const price = screen.getByLabelText('Unit price');
    fireEvent.change(price, { target: { value: 'abc' } });
    fireEvent.submit(price.closest('form')!);
    expect(await screen.findByText('Type the price (0 for a free item)')).toBeTruthy();
    expect(await saved('Cement 50kg')).toBeUndefined();
    expect(state.closed).toBe(false);
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.submit(price.closest('form')!);
    await waitFor(() => expect(state.closed).toBe(true));
    expect((await saved('Cement 50kg'))?.unit_price).toBe(0);
  });

  it('refuses a cost price that reads two ways ("12,5") with its message, and saves once it is mended', async () => {
    const state = open();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Paint 4L' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '2350.50' } });
    fireEvent.click(screen.getByLabelText('Track stock'));
    const cost = await screen.findByLabelText('Cost price');
    fireEvent.change(cost, { target: { value: '12,5' } });
    fireEvent.submit(cost.closest('form')!);
    expect(await screen.findByText(/can be read two ways/)).toBeTruthy();
    expect(cost.getAttribute('aria-invalid')).toBe('true');
    expect(await saved('Paint 4L')).toBeUndefined();
    fireEvent.change(cost, { target: { value: '1800' } });
    fireEvent.submit(cost.closest('form')!);
    await waitFor(() => expect(state.closed).toBe(true));
    expect(await saved('Paint 4L')).toMatchObject({ unit_price: 235_050, cost_price: 180_000 });
  });
});

describe('catalog form: units in the screen language, stored as core words', () => {
  afterEach(() => setLanguage('en'));
  it('a French screen shows "pièce" (not "piece"), and "carton" is stored as "box"; a unit of its own as typed', async () => {
    await setLanguage('fr');
    const state = { closed: 0 };
    const open = () =>
      renderUi(
        <QueryClientProvider client={new QueryClient()}>
          <CatalogForm item={null} onClose={() => (state.closed += 1)} />
        </QueryClientProvider>,
      );
    const add = async (name: string, unit: string | null) => {
      open();
      fireEvent.change(await screen.findByLabelText(/^Nom/), { target: { value: name } });
      const field = screen.getByRole('combobox', { name: 'Unité' }) as HTMLInputElement;
      expect(field.value).toBe('pièce');
      if (unit !== null) fireEvent.change(field, { target: { value: unit } });
      fireEvent.change(screen.getByLabelText('Prix unitaire'), { target: { value: '500' } });
      const closed = state.closed;
      fireEvent.submit(field.closest('form')!);
      await waitFor(() => expect(state.closed).toBe(closed + 1));
      cleanup();
      return (await db.catalogs.filter((c) => c.name === name).first())?.unit;
    };
    expect(await add('Savon noir', null)).toBe('piece');
    expect(await add('Crème karité', 'carton')).toBe('box');
    expect(await add('Riz', 'sac 50 kg')).toBe('sac 50 kg');
  });
});
