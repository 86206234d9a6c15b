import type qrcodeFactory from 'qrcode-generator';
import { useEffect, useState } from 'react';

type Encoder = typeof qrcodeFactory;
let encoder: Promise<Encoder> | null = null;

/**
 * Fetches the QR encoder ahead (the Sell screen does once a first item is in the cart, while the device may still be online), so the
 * receipt draws its QR code at once and offline, even before the service worker has cached every file.
 */
export function preloadQrEncoder(): Promise<Encoder> {
  encoder ??= import('qrcode-generator').then(
    (m) => m.default,
    (e: unknown) => {
      encoder = null;
      throw e;
    },
  );
  return encoder;
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
