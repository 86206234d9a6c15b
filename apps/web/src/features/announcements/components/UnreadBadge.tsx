import { Badge, VisuallyHidden } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { fetchPage, onKeptChange, readKept } from '../lib/api';

/** The unread count beside "Announcements" in the side menu: the kept copy at once, refreshed from the server. */
export function UnreadBadge({ label }: { label: (count: number) => string }) {
  const unread = useSyncExternalStore(onKeptChange, () => readKept()?.unread ?? 0);
  useEffect(() => {
    void fetchPage(1).catch(() => undefined);
  }, []);
  if (!unread) return null;
  return (
    <>
      <Badge size="sm" color="red" circle={unread < 10} aria-hidden="true" data-testid="announcements-unread">
        {unread > 99 ? '99+' : unread}
      </Badge>
      <VisuallyHidden>{label(unread)}</VisuallyHidden>
    </>
  );
}
