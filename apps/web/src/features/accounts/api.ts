import type { AppState, RouteBody } from '@duka/core';
import { api } from '../../data/api';
import type { RegisterForm } from './validation';

export type { AppState };

/** SPEC §7 account calls. */
export function login(identifier: string, password: string) {
  return api('POST /user_token', { body: { auth: { email: identifier.trim(), password } } });
}

export function register(user: RegisterForm, ref: string | null) {
  return api('POST /users', { query: ref ? { ref } : undefined, body: { user } });
}

export function fetchState() {
  return api('GET /state');
}

export function forgotPassword(email: string) {
  return api('POST /users/iforgot', { body: { user: { email: email.trim() } } });
}

/** Issue 22 item 5: a throttled owner asks for a one-time login link, then its page redeems it. */
export function requestLoginLink(identifier: string) {
  return api('POST /users/login-link', { body: { user: { email: identifier.trim() } } });
}

export function redeemLoginLink(token: string) {
  return api('POST /users/login-link/redeem', { body: { token } });
}

export function resetPassword(token: string, password: string) {
  return api('POST /users/reset-password', { body: { user: { token, password } } });
}

export function changePassword(oldPassword: string, password: string) {
  return api('POST /users/change-password', { body: { user: { old_password: oldPassword, password } } });
}

export function updateUser(username: string, user: RouteBody<'PATCH /users/:username'>['user']) {
  return api('PATCH /users/:username', { params: { username }, body: { user } });
}

/** SPEC §2/§4: the logo goes up as a file (multipart user[logo]) together with the username. */
export function uploadLogo(username: string, file: Blob, filename = 'logo') {
  const form = new FormData();
  form.append('user[logo]', file, file instanceof File ? file.name : filename);
  return api('PATCH /users/:username', { params: { username }, form });
}

export function deleteAccount() {
  return api('DELETE /users/delete');
}
