/**
 * Text → printer bytes for ESC/POS receipt printers (issue 28). Characters go through code page PC858
 * (Epson table 19: Western European with €), which has é, è, ç, ñ, ü…; the naira ₦ and cedi ₵, which no
 * printer code page has, are printed as user-defined characters (12 × 24 dots, font A) defined at the start
 * of each receipt. Anything else becomes '?'.
 */

/** Epson's table number for PC858. */
export const CODE_PAGE_PC858 = 19;

/** Characters 0x80–0xFF of PC858 (index 0 = 0x80). */
const PC858_HIGH = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const HIGH = new Map<string, number>();
for (let i = 0; i < PC858_HIGH.length; i++) HIGH.set(PC858_HIGH[i], 0x80 + i);

/** The user-defined glyphs: the code they replace while ESC % 1 is on, and their picture (# = dot), 12 wide × 24 high. */
export const CUSTOM_GLYPHS: Record<string, { code: number; rows: string[] }> = {
  '₦': {
    code: 0x7e,
    rows: [
      '............',
      '............',
      '............',
      '............',
      '.##......##.',
      '.###.....##.',
      '.####....##.',
      '.##.##...##.',
      '############',
      '.##...##.##.',
      '.##....####.',
      '############',
      '.##......##.',
      '.##......##.',
      '.##......##.',
      '.##......##.',
      '.##......##.',
      '............',
      '............',
      '............',
      '............',
      '............',
      '............',
      '............',
    ],
  },
  '₵': {
    code: 0x7d,
    rows: [
      '............',
      '............',
      '......#.....',
      '......#.....',
      '...######...',
      '..##..#.##..',
      '.##...#..##.',
      '.##...#.....',
      '.##...#.....',
      '.##...#.....',
      '.##...#.....',
      '.##...#.....',
      '.##...#.....',
      '.##...#..##.',
      '..##..#.##..',
      '...######...',
      '......#.....',
      '......#.....',
      '............',
      '............',
      '............',
      '............',
      '............',
      '............',
    ],
  },
};

const ESC = 0x1b;

/** ESC & 3 c1 c2 … : defines the custom glyphs (column by column, 3 bytes of 8 dots each, top dot first). */
export function defineGlyphs(): number[] {
  const out: number[] = [];
  for (const { code, rows } of Object.values(CUSTOM_GLYPHS)) {
    out.push(ESC, 0x26, 3, code, code, 12);
    for (let x = 0; x < 12; x++) {
      for (let b = 0; b < 3; b++) {
        let byte = 0;
        for (let bit = 0; bit < 8; bit++) if (rows[b * 8 + bit][x] === '#') byte |= 0x80 >> bit;
        out.push(byte);
      }
    }
  }
  return out;
}

/** One character's bytes: ASCII, PC858, a custom glyph (switched on and off around it), or '?'. */
export function encodeChar(ch: string): number[] {
  const c = ch.codePointAt(0) ?? 0x3f;
  if (c >= 0x20 && c < 0x7f) return [c];
  const high = HIGH.get(ch);
  if (high !== undefined) return [high];
  const glyph = CUSTOM_GLYPHS[ch];
  if (glyph) return [ESC, 0x25, 1, glyph.code, ESC, 0x25, 0];
  if (ch === '\u2019' || ch === '\u2018') return [0x27];
  if (ch === '\u201c' || ch === '\u201d') return [0x22];
  if (ch === '\u2013' || ch === '\u2014') return [0x2d];
  if (ch === '\u202f' || ch === '\u2009') return [0x20];
  return [0x3f];
}

export function encodeText(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize('NFC')) out.push(...encodeChar(ch));
  return out;
}
