/** A receipt printer's paper: 58 mm or 80 mm wide. */
export type PaperWidth = 58 | 80;

/** Characters per line in font A (12 dots wide): 384 dots on 58 mm paper, 576 on 80 mm. */
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };
