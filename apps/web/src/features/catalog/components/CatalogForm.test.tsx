import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../data/db';
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
