import type { ApiUser } from '@duka/core';
import { useSyncExternalStore } from 'react';
import { getStoredUser, STORAGE_KEYS } from './session';

/** The signed-in user as the API returns it (POST /user_token, PATCH /users/{username}): core's ApiUser. */
export type User = ApiUser;

export interface InvoiceSettings {
  currency?: string;
  country?: { name: string; flag: string; iso_code: string; currency: string };
  invoice_prefix?: string;
  quote_prefix?: string;
  due_days?: number;
  /** How clients pay (bank account, mobile-money number), printed on invoices. */
  payment_instructions?: string;
  [key: string]: unknown;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; user: User | null } = { raw: null, user: null };

function snapshot(): User | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== cached.raw) cached = { raw, user: getStoredUser<User>() };
  return cached.user;
}

/** When this page last stored a user (Date.now()): an account answer asked for before then is older than it. */
let storedAt = 0;

export function setCurrentUser(user: User | null): void {
  storedAt = Date.now();
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
  listeners.forEach((l) => l());
}

/**
 * The user from an account answer asked for at `askedAt`: stored unless this page stored a newer one since (a logo
 * uploaded while GET /state was on its way would be undone by it: the logo vanished until the next refresh). Returns
 * whether it was stored; when not, the caller asks again.
 */
export function setUserFromServer(user: User, askedAt: number): boolean {
  if (askedAt < storedAt) return false;
  setCurrentUser(user);
  return true;
}

export function getCurrentUser(): User | null {
  return snapshot();
}

/** React hook: the stored user, re-rendering when it changes. */
export function useCurrentUser(): User | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    () => null,
  );
}

export function parseInvoiceSettings(user: User | null): InvoiceSettings {
  if (!user?.invoice_settings) return {};
  try {
    return JSON.parse(user.invoice_settings) as InvoiceSettings;
  } catch {
    return {};
  }
}
