import type { Announcement, AnnouncementInput, AnnouncementPage, UserAnnouncement } from '@duka/core';
import { api } from '../../../data/api';

export type { Announcement, AnnouncementInput, AnnouncementPage, UserAnnouncement };
import { getStoredUser } from '../../../data/session';

export const PER_PAGE = 20;

/**
 * The first page is kept on the device (per user, local storage, cleared at log out) so the page opens
 * offline; the unread count beside "Announcements" in the side menu comes from the same copy.
 */
function key(): string | null {
  const id = getStoredUser<{ id?: string }>()?.id;
  return id ? `duka:announcements:${id}` : null;
}
const listeners = new Set<() => void>();

export function readKept(): AnnouncementPage | undefined {
  const k = key();
  try {
    const raw = k ? localStorage.getItem(k) : null;
    return raw ? (JSON.parse(raw) as AnnouncementPage) : undefined;
  } catch {
    return undefined;
  }
}
function keep(page: AnnouncementPage): void {
  const k = key();
  try {
    if (k) localStorage.setItem(k, JSON.stringify(page));
  } catch {
    // storage full: the list still comes from the server
  }
  listeners.forEach((l) => l());
}
export function onKeptChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export async function fetchPage(page: number): Promise<AnnouncementPage> {
  const res = await api('GET /announcements', { query: { page, per_page: PER_PAGE } });
  if (page === 1) keep(res);
  return res;
}

export async function markRead(ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => api('POST /announcements/:id/read', { params: { id }, body: {} })));
  const kept = readKept();
  if (kept) {
    const set = new Set(ids);
    const newly = kept.announcements.filter((a) => set.has(a.id) && !a.read).length;
    keep({ ...kept, unread: Math.max(0, kept.unread - newly), announcements: kept.announcements.map((a) => (set.has(a.id) ? { ...a, read: true } : a)) });
  }
}

export const admin = {
  list: () => api('GET /admin/announcements'),
  create: (input: AnnouncementInput) => api('POST /admin/announcements', { body: input }),
  update: (id: string, input: AnnouncementInput) => api('PATCH /admin/announcements/:id', { params: { id }, body: input }),
  remove: (id: string) => api('DELETE /admin/announcements/:id', { params: { id } }),
};
