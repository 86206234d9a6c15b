import { clientLanguage } from '@duka/core';
import { useSyncState } from '../../../data/sync/hooks';
import type { Contact } from '../../../data/db';
import { activeLanguage } from '../../../i18n';
import { useStringsIn } from '../../../i18n/customer';
import '../provisionalStrings';
import type { Invoice } from './model';
import { onServer } from './ownerApi';

/** Offline, or the last sync failed (server unreachable): what is saved now reaches the server only later. */
export function useOffline(): boolean {
  const sync = useSyncState();
  return !sync.online || !!sync.error || (typeof navigator !== 'undefined' && !navigator.onLine);
}

/**
 * Whether the invoice's number is provisional as shown now (t20 H3): given on this device offline and not yet on the
 * server, so another device of the owner may take it first and the sync renumbers this one. Online it syncs at once
 * and is shown as before.
 */
export function isProvisional(inv: Invoice, offline: boolean): boolean {
  return offline && !onServer(inv);
}

/**
 * The number as it goes to the client (WhatsApp text, PDF), in the client's language: marked "(provisional number)"
 * while it is provisional, else as it is.
 */
export function useSharedNumber(inv: Invoice | null, client: Contact | null): { number: string; file: string; provisional: boolean } {
  const offline = useOffline();
  const { t } = useStringsIn('provisional', clientLanguage(client?.language, activeLanguage()));
  const number = inv?.number ?? '';
  const provisional = !!inv && isProvisional(inv, offline);
  return provisional ? { number: t('number', { number }), file: t('file', { number }), provisional } : { number, file: number, provisional };
}
