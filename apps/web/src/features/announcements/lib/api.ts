import { api } from '../../../data/api';
import { getStoredUser } from '../../../data/session';

export interface Announcement {
  id: string;
  title: string;
  body: string;
  link: string | null;
  image_url: string | null;
  countries: string[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface UserAnnouncement extends Announcement {
  read: boolean;
}
export interface AnnouncementPage {
  announcements: UserAnnouncement[];
  page: number;
  per_page: number;
  total: number;
  unread: number;
  can_manage: boolean;
}
export type AnnouncementInput = Pick<Announcement, 'title' | 'body' | 'link' | 'image_url' | 'countries' | 'published_at'>;

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
  const res = await api<AnnouncementPage>(`/announcements?page=${page}&per_page=${PER_PAGE}`);
  if (page === 1) keep(res);
  return res;
}

export async function markRead(ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => api(`/announcements/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} })));
  const kept = readKept();
  if (kept) {
    const set = new Set(ids);
    const newly = kept.announcements.filter((a) => set.has(a.id) && !a.read).length;
    keep({ ...kept, unread: Math.max(0, kept.unread - newly), announcements: kept.announcements.map((a) => (set.has(a.id) ? { ...a, read: true } : a)) });
  }
}

export const admin = {
  list: () => api<{ announcements: Announcement[] }>('/admin/announcements'),
  create: (input: AnnouncementInput) => api<Announcement>('/admin/announcements', { method: 'POST', body: input }),
  update: (id: string, input: AnnouncementInput) => api<Announcement>(`/admin/announcements/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  remove: (id: string) => api<null>(`/admin/announcements/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
