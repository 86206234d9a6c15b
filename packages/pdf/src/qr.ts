/**
 * QR codes as data and SVG, apart from the PDF maker (`@duka/pdf/qr`): the public invoice page draws a fiscal QR with
 * these alone, without loading the PDF package and the core rules it brings (issue 25: pay page size).
 */
import qrcode from 'qrcode-generator';

/** The QR code's dark modules (row-major), for any renderer: medium error correction (M), the smallest version that fits. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** The dark modules as one SVG path (one rectangle per horizontal run), in module units, y downwards. */
export function qrPath(m: boolean[][]): string {
  const parts: string[] = [];
  m.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let end = c;
      while (end + 1 < row.length && row[end + 1]) end++;
      parts.push(`M${c} ${r}h${end - c + 1}v1h${-(end - c + 1)}Z`);
      c = end;
    }
  });
  return parts.join('');
}
