import { currencySymbol, minorDigits } from '../constants/currencies';
import { CODE_PAGE_PC858, defineGlyphs, encodeText } from './encode';
import { escposLogo } from './raster';
import type { ReceiptTicket } from './ticket';
import { PAPER_COLUMNS, type PaperWidth } from './paper';

export { PAPER_COLUMNS, type PaperWidth } from './paper';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

/** An amount without its symbol, grouped (1,234.50), in the currency's decimals. */
export function ticketAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const abs = Math.abs(Math.round(minor));
  const sign = minor < 0 && abs > 0 ? '-' : '';
  const whole = Math.floor(abs / 10 ** digits)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = digits ? `.${String(abs % 10 ** digits).padStart(digits, '0')}` : '';
  return `${sign}${whole}${frac}`;
}

function qty(q: number): string {
  return Number.isInteger(q) ? String(q) : String(Math.round(q * 1000) / 1000);
}

/** Splits text into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let w = word;
      while ([...w].length > width) {
        if (line) {
          out.push(line);
          line = '';
        }
        out.push([...w].slice(0, width).join(''));
        w = [...w].slice(width).join('');
      }
      if (!line) line = w;
      else if ([...line].length + 1 + [...w].length <= width) line += ` ${w}`;
      else {
        out.push(line);
        line = w;
      }
    }
    out.push(line);
  }
  return out;
}

/** Left text and right text on one line of `width` (the left is cut when both do not fit). */
export function columns(left: string, right: string, width: number): string {
  const r = [...right];
  const room = Math.max(0, width - r.length - 1);
  const l = [...left].slice(0, room);
  return l.join('') + ' '.repeat(width - l.length - r.length) + r.join('');
}

/** GS ( k: a QR code (model 2, module size 6 on 80 mm / 5 on 58 mm, error correction M) of `data`. */
function qr(data: string, width: PaperWidth): number[] {
  const bytes = [...new TextEncoder().encode(data)];
  const len = bytes.length + 3;
  return [
    ...[GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0],
    ...[GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, width === 80 ? 6 : 5],
    ...[GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31],
    ...[GS, 0x28, 0x6b, len & 0xff, len >> 8, 0x31, 0x50, 0x30, ...bytes],
    ...[GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30],
  ];
}

/**
 * The ESC/POS bytes of a receipt for 58 or 80 mm paper: a pure function (same ticket, same bytes), tested
 * against golden files. Ends with a feed and a partial cut.
 */
export function escposReceipt(t: ReceiptTicket, width: PaperWidth): Uint8Array {
  const cols = PAPER_COLUMNS[width];
  const out: number[] = [ESC, 0x40, ESC, 0x74, CODE_PAGE_PC858, ...defineGlyphs()];
  const text = (s: string) => out.push(...encodeText(s), LF);
  const align = (n: 0 | 1 | 2) => out.push(ESC, 0x61, n);
  const mode = (n: number) => out.push(ESC, 0x21, n);
  const rule = () => text('-'.repeat(cols));
  const sym = currencySymbol(t.currency);
  const money = (n: number) => ticketAmount(n, t.currency);

  align(1);
  if (t.logo) out.push(...escposLogo(t.logo, width));
  mode(0x38); // bold, double height and width
  for (const l of wrap(t.business, cols / 2)) text(l);
  mode(0);
  for (const h of t.header ?? []) for (const l of wrap(h, cols)) text(l);
  out.push(LF);
  mode(0x08);
  text(t.title);
  mode(0);
  text(t.date);
  if (t.client) for (const l of wrap(t.client, cols)) text(l);
  align(0);
  rule();
  for (const item of t.items) {
    for (const l of wrap(item.description, cols)) text(l);
    text(columns(`  ${qty(item.quantity)} x ${money(item.unit_price)}`, money(item.total), cols));
  }
  rule();
  text(columns(t.labels.subtotal, money(t.subtotal), cols));
  if (t.discount) text(columns(t.labels.discount, money(-t.discount), cols));
  if (t.rounding) text(columns(t.labels.rounding ?? 'Rounding', money(-t.rounding), cols));
  for (const tax of t.taxes) text(columns(tax.name, money(tax.amount), cols));
  mode(0x18); // bold, double height
  text(columns(t.labels.total, `${sym} ${money(t.total)}`, cols));
  mode(0);
  for (const p of t.payments) text(columns(p.label, money(p.amount), cols));
  if (t.change > 0) text(columns(t.labels.change, money(t.change), cols));
  if (t.fiscal?.length) {
    rule();
    for (const f of t.fiscal) for (const l of wrap(f, cols)) text(l);
  }
  if (t.link) {
    out.push(LF);
    align(1);
    out.push(...qr(t.link, width), LF);
    align(0);
  }
  if (t.footer) {
    align(1);
    for (const l of wrap(t.footer, cols)) text(l);
    align(0);
  }
  out.push(LF, LF, LF, GS, 0x56, 0x42, 0);
  return Uint8Array.from(out);
}
