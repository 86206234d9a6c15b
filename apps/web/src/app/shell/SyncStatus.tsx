import { Badge, Button, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadFullStyles } from '../../boot/styles';
import { loadWhenOnline } from '../loadWhenOnline';
import { useLanguage, useStrings } from '../../i18n';
import { db } from '../../data/db';
import { syncEngine } from '../../data/sync/engine';
import { startSync, useLocal, useQueue, useSyncState } from '../../data/sync/hooks';
import '../../data/sync/strings';

// The list of refused changes (a modal) is not on the way to the first screen (issue 30): it loads when opened, with
// the rest of Mantine's CSS (the frame's is only what the client list needs).
// An invoice the server renumbered (another device used its number) is told in a toast once (t20 H3): its code loads
// once a sync has ended, never on the way to the first screen (issue 30: it added ~50 KiB and a task to the first visit).
// It mounts by itself (not on a tap): a load cut by going offline is tried again once online, never the page's error.
const RenumberToasts = lazy(loadWhenOnline(() => import('../../features/invoices/lib/RenumberToasts')));
const RejectedList = lazy(() => Promise.all([import('../../data/sync/RejectedList'), loadFullStyles()]).then(([m]) => m));

/** Ends the refused session keeping the changes and drafts for this user, then opens login coming back here. */
async function logInAgain(): Promise<void> {
  const { logout } = await import('../../features/accounts/logout');
  await logout({ expired: true, next: window.location.pathname + window.location.search });
}

/** Header indicator: offline / syncing / N changes waiting / N rejected changes to fix (opens the list). */
export default function SyncStatus() {
  const { t } = useStrings('sync');
  const language = useLanguage();
  const state = useSyncState();
  const queue = useQueue();
  const badReceipts = useLocal(() => db.blobs.filter((b) => !!b.error).toArray(), []);
  const [open, setOpen] = useState(false);
  // The header is mounted for signed-in users only: the engine starts with it (once per page).
  useEffect(() => startSync(), []);
  const rejected = queue?.rejected ?? [];
  const pending = queue?.pending ?? 0;

  let body;
  const toFix = queue?.counts.rejected ?? 0;
  const ended = state.sessionEnded;
  if (ended) {
    // The server refused the token (t22 T1): the changes stay on this device (parked for this user at log out) and
    // what was typed stays as drafts; logging in again as the same user uploads them and comes back to this page.
    const sentence = pending ? t('sessionEndedLong', { count: pending }) : t('sessionEndedNone');
    body = (
      <Button size="compact-sm" color="red" onClick={() => void logInAgain()} aria-label={sentence} title={sentence} data-testid="session-ended">
        {t('sessionEnded')}
      </Button>
    );
  } else if (toFix) {
    body = (
      <Button size="compact-sm" color="red" variant="light" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('rejected', { count: toFix })}
      </Button>
    );
  } else if (!state.online || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    body = (
      <Badge color="gray" variant="light" title={t('offlineHint')}>
        {pending ? `${t('offline')} · ${t('waitingShort', { count: pending })}` : t('offline')}
      </Badge>
    );
  } else if (state.syncing) {
    // The first sync says how far it is ("Syncing 1,240 of 2,000"), in the screen's language's digits.
    const p = state.progress;
    const n = (x: number) => new Intl.NumberFormat(language).format(x);
    // The badge says a percentage ("Syncing 62%"): the sentence with both counts no longer fits the header at 360 px in
    // French ("Synchronisation : 1 240 sur 2 000" was cut); screen readers and the tooltip get the whole sentence.
    const full = p ? t('progress', { done: n(p.done), total: n(p.total) }) : '';
    const percent = p ? new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(p.total ? p.done / p.total : 0) : '';
    body = p ? (
      <Badge color="blue" variant="light" title={full} data-testid="sync-progress">
        <span aria-hidden="true">{t('progressShort', { percent })}</span>
        <VisuallyHidden>{full}</VisuallyHidden>
      </Badge>
    ) : (
      <Badge color="blue" variant="light">
        {t('syncing')}
      </Badge>
    );
  } else if (pending) {
    body = (
      <UnstyledButton onClick={() => void syncEngine.sync()} aria-label={`${t('waiting', { count: pending })}. ${t('retryNow')}`}>
        <Badge color="yellow" variant="light" style={{ cursor: 'pointer' }}>
          {t('waiting', { count: pending })}
        </Badge>
      </UnstyledButton>
    );
  } else if (state.error) {
    body = (
      <UnstyledButton onClick={() => void syncEngine.sync()} aria-label={t('retryNow')}>
        <Badge color="orange" variant="light" title={t('failed', { error: state.error })} style={{ cursor: 'pointer' }}>
          {t('retryNow')}
        </Badge>
      </UnstyledButton>
    );
  } else {
    body = (
      <Badge color="teal" variant="light">
        {t('synced')}
      </Badge>
    );
  }

  return (
    <>
      <span role={ended ? 'alert' : 'status'} aria-live={ended ? 'assertive' : 'polite'} data-testid="sync-status">
        {body}
      </span>
      {open && (
        <Suspense fallback={null}>
          <RejectedList opened={open} onClose={() => setOpen(false)} rejected={rejected} receiptErrors={(badReceipts ?? []).map((b) => b.error!)} />
        </Suspense>
      )}
      {state.lastSyncedAt !== null && (
        <Suspense fallback={null}>
          <RenumberToasts />
        </Suspense>
      )}
    </>
  );
}
