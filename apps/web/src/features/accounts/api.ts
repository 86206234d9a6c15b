import { api, ApiError } from '../../data/api';
import type { User } from '../../data/user';
import type { RegisterForm } from './validation';

/** SPEC §7 account calls. */
export function login(identifier: string, password: string) {
  return api<{ user: User; jwt: string }>('/user_token', { body: { auth: { email: identifier.trim(), password } }, auth: false });
}

export function register(user: RegisterForm, ref: string | null) {
  const q = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  return api<{ token: string }>(`/users${q}`, { body: { user }, auth: false });
}

export interface AppState {
  user: User;
  credit?: number;
  [key: string]: unknown;
}

export function fetchState() {
  return api<AppState>('/state');
}

export function forgotPassword(email: string) {
  return api<{ message: string }>('/users/iforgot', { body: { user: { email: email.trim() } }, auth: false });
}

export function resetPassword(token: string, password: string) {
  return api<{ message?: string }>('/users/reset-password', { body: { user: { token, password } }, auth: false });
}

export function changePassword(oldPassword: string, password: string) {
  return api<{ message?: string; jwt?: string }>('/users/change-password', { body: { user: { old_password: oldPassword, password } } });
}

export function updateUser(username: string, user: Record<string, unknown>) {
  return api<User>(`/users/${encodeURIComponent(username)}`, { method: 'PATCH', body: { user } });
}

/** SPEC §2/§4: the logo goes up as a file (multipart user[logo]) together with the username. */
export function uploadLogo(username: string, file: Blob, filename = 'logo') {
  const form = new FormData();
  form.append('user[logo]', file, file instanceof File ? file.name : filename);
  return api<User>(`/users/${encodeURIComponent(username)}`, { method: 'PATCH', form });
}

export function deleteAccount() {
  return api<{ message: string }>('/users/delete', { method: 'DELETE' });
}

/** Server field errors may be keyed 'user.username', 'body.user.username' or 'username'. */
export function fieldErrorsOf(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[k.split('.').pop() ?? k] = v;
  return out;
}

/** The message the server gave (SPEC §8 "the server message"), or null when there was none (offline, no error body). */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status === 0 || err.code === 'http_error' || !err.message) return null;
  return err.message;
}
