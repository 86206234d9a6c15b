/**
 * How many client rows a screen `height` px tall can show (the rows start under the header; a row is 70 px or more).
 * index.html's early rows draw that many, and so does the app's first commit of the list (issue 30).
 */
export function visibleRows(height: number | undefined): number {
  return Math.ceil((height || 900) / 70);
}
