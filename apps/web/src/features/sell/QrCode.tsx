import type qrcodeFactory from 'qrcode-generator';
import { useEffect, useState } from 'react';

type Encoder = typeof qrcodeFactory;
let encoder: Promise<Encoder> | null = null;

let loaded = false;

/**
 * Fetches the QR encoder ahead (see useQrEncoderAhead), so the receipt draws its QR code at once and offline, even
 * before the service worker has cached every file.
 */
export function preloadQrEncoder(): Promise<Encoder> {
  encoder ??= import('qrcode-generator').then(
    (m) => {
      loaded = true;
      return m.default;
    },
    (e: unknown) => {
      encoder = null;
      throw e;
    },
  );
  return encoder;
}

/** True once the encoder is on the device (this page has it in memory). */
export const qrEncoderLoaded = (): boolean => loaded;

/**
 * The Sell screen fetches the receipt's QR encoder ahead while no service worker controls the page (a first visit:
 * the worker registers 30 s after load and takes the page only on the next visit), so a first visit that goes
 * offline before the first item is in the cart still prints the QR code (issue 28). It is fetched once the screen
 * has drawn, at the browser's next idle moment, not with the screen's own JS; a failed fetch (offline already) is
 * tried again at each change of `retry` (the first item in the cart) and when the device is back online. With a
 * service worker in control the encoder comes from its precache when the receipt needs it.
 */
export function useQrEncoderAhead(retry: unknown): void {
  useEffect(() => {
    if (loaded || navigator.serviceWorker?.controller) return;
    const load = () => void preloadQrEncoder().catch(() => undefined);
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(load, { timeout: 2_000 }) : null;
    const timer = idle === null ? window.setTimeout(load, 0) : null;
    window.addEventListener('online', load);
    return () => {
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
      window.removeEventListener('online', load);
    };
  }, [retry]);
}

/** The dark modules of a QR code (error correction M) as one SVG path, one rectangle per horizontal run. */
async function qrPath(text: string): Promise<{ size: number; d: string }> {
  const qrcode = await preloadQrEncoder();
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const parts: string[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!qr.isDark(r, c)) continue;
      let end = c;
      while (end + 1 < n && qr.isDark(r, end + 1)) end++;
      parts.push(`M${c} ${r}h${end - c + 1}v1h${-(end - c + 1)}z`);
      c = end;
    }
  return { size: n, d: parts.join('') };
}

/**
 * A QR code of `text` (the sale's public link) drawn as SVG, so it prints sharp on 58/80 mm paper. The encoder
 * (qrcode-generator, ~7 KB gzipped) is fetched with the receipt, not with the Sell screen.
 */
export function QrCode({ text, label, size = 128 }: { text: string; label: string; size?: number }) {
  const [qr, setQr] = useState<{ size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void qrPath(text)
      .then((q) => live && setQr(q))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  if (!qr) return <div style={{ width: size, height: size }} aria-hidden />;
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-testid="receipt-qr"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}
