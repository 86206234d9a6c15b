/**
 * The signed-in frame as plain boxes (the header with the brand, the bottom bar), drawn by index.html's early script
 * on a repeat open of the client list on a phone (issue 30): something shows as soon as the HTML and its CSS are in,
 * not once the app's code has run. It carries data-first-paint: the app keeps it until it has drawn its own frame
 * (boot/firstPaint.ts), which sits at the same place. No dependencies (the early script is a few hundred bytes).
 */

/** Mantine's `sm` breakpoint (48em): under it the frame is the header and the bottom tabs; above, the left nav. */
export const PHONE_WIDTH = '(max-width: 47.99em)';

/** Draws the frame into an empty #root not yet taken by the app (appMain.tsx marks it); answers whether it did. */
export function drawFrameSkeleton(doc: Document = document, brand = 'Duka'): boolean {
  const root = doc.getElementById('root');
  if (!root || root.childElementCount > 0 || root.dataset.started !== undefined) return false;
  if (typeof matchMedia === 'function' && !matchMedia(PHONE_WIDTH).matches) return false;
  const el = (tag: string, style: Partial<CSSStyleDeclaration>): HTMLElement => {
    const e = doc.createElement(tag);
    Object.assign(e.style, style);
    return e;
  };
  const frame = el('div', { minHeight: '100dvh', background: '#fff' });
  frame.dataset.firstPaint = '';
  // The frame the first rows are drawn into (app/firstRows.ts).
  frame.dataset.frame = '';
  frame.setAttribute('aria-hidden', 'true');
  const header = el('div', {
    height: '56px',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    padding: '0 var(--mantine-spacing-sm, 12px)',
    borderBottom: '1px solid #dee2e6',
    background: '#fff',
  });
  const name = el('span', { fontWeight: '800', fontSize: '22px', color: '#087f5b', letterSpacing: '-0.02em', fontFamily: 'inherit' });
  name.textContent = brand;
  header.append(name);
  const footer = el('div', { position: 'fixed', left: '0', right: '0', bottom: '0', height: '62px', borderTop: '1px solid #dee2e6', background: '#fff' });
  frame.append(header, footer);
  root.append(frame);
  return true;
}
