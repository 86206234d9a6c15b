import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useReceiptPhoto } from './useReceiptPhoto';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('fetches the stored receipt photo at its own path with the owner’s session, and shows it from a local address (t16)', async () => {
  localStorage.setItem('token', 'owner-token');
  const calls: Array<{ url: string; auth: string | undefined }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), auth: (init.headers as Record<string, string>).authorization });
      return new Response(new Blob(['webp']), { status: 200, headers: { 'content-type': 'image/webp' } });
    }),
  );
  const made: Blob[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (made.push(b), 'blob:photo-1'), revokeObjectURL: () => undefined }));
  const key = 'users/0b6c1a01-8a41-4c1e-9f55-2f1f0b6c1a01/receipts/0123456789abcdef0123456789abcdef.webp';
  const { result } = renderHook(() => useReceiptPhoto(`/api/files/${key}`));
  await waitFor(() => expect(result.current).toBe('blob:photo-1'));
  expect(calls).toEqual([{ url: `/api/files/${key}`, auth: 'Bearer owner-token' }]);
  expect(made[0]?.type).toBe('image/webp');
});

it('shows nothing when the photo cannot be fetched, and asks for nothing without an address', async () => {
  const fetch = vi.fn(async () => new Response('{"error":{"code":"not_found","message":"File not found"}}', { status: 404 }));
  vi.stubGlobal('fetch', fetch);
  const { result, rerender } = renderHook(({ url }: { url: string | null }) => useReceiptPhoto(url), {
    initialProps: { url: '/api/files/users/x/receipts/y.webp' as string | null },
  });
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(result.current).toBeNull();
  rerender({ url: null });
  expect(result.current).toBeNull();
  expect(fetch).toHaveBeenCalledTimes(1);
});
