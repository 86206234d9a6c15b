import type { AiItem, AiListResponse } from '@duka/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { getToken } from '../../data/session';

/** What the result modal (SPEC modal 3) shows: generated, from a list, or a canned sample. */
export interface ShownContent {
  id?: string;
  title: string;
  page_title?: string;
  content: string;
  sample: boolean;
  favorite?: boolean;
}

export const aiKeys = {
  credit: ['ai', 'credit'] as const,
  history: ['ai', 'history'] as const,
  favorites: ['ai', 'favorites'] as const,
};

export function useCredit() {
  return useQuery({
    queryKey: aiKeys.credit,
    queryFn: () => api<{ credit: number }>('/ai-writter/credit').then((r) => r.credit),
    enabled: Boolean(getToken()),
  });
}

/** GET /ai-writter/history or /favorites, newest first, a page at a time (next_cursor → ?cursor=). */
export function useAiList(which: 'history' | 'favorites') {
  return useInfiniteQuery({
    queryKey: which === 'history' ? aiKeys.history : aiKeys.favorites,
    queryFn: ({ pageParam }) => api<AiListResponse>(`/ai-writter/${which}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(getToken()),
  });
}

export function markFavorite(id: string, favorite = true) {
  return api<AiItem>(`/ai-writter/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ai_writter: { favorite } } });
}
