/**
 * The PDF uses the 14 standard fonts (no font file to ship, tiny output, identical on device and server).
 * They encode WinAnsi only, so text is mapped to it: currency signs become codes (₦ → NGN), accents
 * outside Latin-1 are stripped, anything else becomes '?'.
 */
import { type CustomerLanguage, currencySymbol, formatMoneyIn } from '@duka/core';

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = {
  '₦': 'NGN ',
  '₵': 'GHS ',
  '₹': 'INR ',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  '\u2212': '-',
  '\u00a0': ' ',
  '\t': ' ',
};

function encodable(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** Text the standard fonts can draw (single line: newlines become spaces). */
export function toWinAnsi(text: string): string {
  let out = '';
  // Ghana's cedi as Ghanaians write it (GH₵, t19 G2) is one sign: its code, not "GH" + the code.
  for (const ch of text.replace(/\r?\n/g, ' ').replace(/GH₵/g, '₵')) {
    if (encodable(ch)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else {
      const stripped = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += stripped && [...stripped].every(encodable) ? stripped : '?';
    }
  }
  return out;
}

/**
 * Money on a PDF as the app shows it (core's formatMoneyIn with the currency's symbol: FCFA 18,750, KSh18,750,
 * 18 750 FCFA in French; issue 23). A symbol the standard fonts cannot draw (₦, ₵) falls back to the ISO code
 * (NGN 5,000), which is also how a code outside Duka's list is written.
 */
export function pdfMoney(minor: number | bigint, currency: string, language: CustomerLanguage, options: { minor?: boolean } = {}): string {
  const drawable = [...currencySymbol(currency)].every(encodable);
  const text = formatMoneyIn(minor, currency, language, { ...options, display: drawable ? 'symbol' : 'code' });
  return toWinAnsi(text);
}

export interface Measurer {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Word-wraps text (already WinAnsi) to a width; long words are cut. Keeps the text's own line breaks. */
export function wrapText(text: string, font: Measurer, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = toWinAnsi(paragraph)
      .split(' ')
      .filter((w) => w !== '');
    let line = '';
    for (let word of words) {
      while (font.widthOfTextAtSize(word, size) > width) {
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut--;
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * A label beside a right-aligned amount, wrapped so it never runs into it (t14 D4: the Swahili TEST MODE label in the
 * totals): each line fits `width` less the amount and a gap.
 */
export function labelLines(label: string, font: Measurer, size: number, amount: { text: string; font: Measurer; size: number }, width: number): string[] {
  const room = width - amount.font.widthOfTextAtSize(toWinAnsi(amount.text), amount.size) - 10;
  return wrapText(label, font, size, room);
}
