import type { AiListResponse } from '@duka/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { getStoredUser, getToken } from '../../data/session';

/** What the result modal (SPEC modal 3) shows: generated, from a list, or a canned sample. */
export interface ShownContent {
  id?: string;
  title: string;
  page_title?: string;
  content: string;
  sample: boolean;
  /** Who wrote it (issue 29): 'builtin' shows the built-in writer's note. */
  source?: 'builtin' | 'model';
  favorite?: boolean;
}

export const aiKeys = {
  credit: ['ai', 'credit'] as const,
  history: ['ai', 'history'] as const,
  favorites: ['ai', 'favorites'] as const,
};

/**
 * The last credit and first pages of History and Favourites are kept on the device (per user, in local
 * storage, which log out clears), so the AI home shows them at once and still works offline.
 */
type Cached = { credit: number; history: AiListResponse; favorites: AiListResponse };

function cacheKey(name: keyof Cached): string | null {
  const userId = getStoredUser<{ id?: string }>()?.id;
  return userId ? `duka:ai-cache:${userId}:${name}` : null;
}

export function readAiCache<K extends keyof Cached>(name: K): Cached[K] | undefined {
  const key = cacheKey(name);
  try {
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as Cached[K]) : undefined;
  } catch {
    return undefined;
  }
}

export function writeAiCache<K extends keyof Cached>(name: K, value: Cached[K]): void {
  const key = cacheKey(name);
  try {
    if (key) localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the lists still load from the server
  }
}

export function useCredit() {
  return useQuery({
    queryKey: aiKeys.credit,
    queryFn: async () => {
      const { credit } = await api('GET /ai-writter/credit');
      writeAiCache('credit', credit);
      return credit;
    },
    initialData: () => readAiCache('credit'),
    initialDataUpdatedAt: 0,
    enabled: Boolean(getToken()),
  });
}

/** GET /ai-writter/history or /favorites, newest first, a page at a time (next_cursor → ?cursor=). */
export function useAiList(which: 'history' | 'favorites') {
  return useInfiniteQuery({
    queryKey: which === 'history' ? aiKeys.history : aiKeys.favorites,
    queryFn: async ({ pageParam }) => {
      const page = await api(which === 'history' ? 'GET /ai-writter/history' : 'GET /ai-writter/favorites', { query: { cursor: pageParam || undefined } });
      if (!pageParam) writeAiCache(which, page);
      return page;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    initialData: () => {
      const first = readAiCache(which);
      return first ? { pages: [first], pageParams: [''] } : undefined;
    },
    initialDataUpdatedAt: 0,
    enabled: Boolean(getToken()),
  });
}

export function markFavorite(id: string, favorite = true) {
  return api('PATCH /ai-writter/:id', { params: { id }, body: { ai_writter: { favorite } } });
}
