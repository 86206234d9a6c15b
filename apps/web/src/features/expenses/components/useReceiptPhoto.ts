import { apiPath, splitRouteKey } from '@duka/core';
import { useEffect, useState } from 'react';
import { request } from '../../../data/api';

const FILES = apiPath('GET /files/*', { '*': '' });
// The route's path without the API's mount (request() adds it); its '*' holds the key, slashes kept.
const ROUTE = splitRouteKey('GET /files/*').path;

/**
 * A stored receipt photo as a local address for <img>: fetched with the owner's session, since the server shows a
 * receipt photo to nobody else (t16: its address alone, forwarded or logged, shows nothing). Null while it loads,
 * offline, or when it cannot be fetched.
 */
export function useReceiptPhoto(url: string | null | undefined): string | null {
  const [photo, setPhoto] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (!url?.startsWith(FILES)) return;
    let src: string | null = null;
    let live = true;
    const path = ROUTE.replace('*', url.slice(FILES.length));
    request<Blob>(path, { blob: true }).then(
      (blob) => {
        if (!live) return;
        src = URL.createObjectURL(blob);
        setPhoto({ url, src });
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (src) URL.revokeObjectURL(src);
    };
  }, [url]);
  return photo && photo.url === url ? photo.src : null;
}
