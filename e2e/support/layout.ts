import type { Page } from 'playwright-core';

/** A horizontally clipped or overflowing piece of a page at the current viewport. */
export interface LayoutProblem {
  kind: 'page-scrolls-sideways' | 'off-screen' | 'clipped-text' | 'short-page';
  what: string;
  detail: string;
}

/**
 * Finds what a person at this width cannot read or reach: the page scrolling sideways, a visible control or
 * text sticking out of the viewport (outside a sideways scroller made for it), or text cut by its box
 * (overflow hidden/clip, including an ellipsis) — issue 14 item 12.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const out: { kind: 'page-scrolls-sideways' | 'off-screen' | 'clipped-text' | 'short-page'; what: string; detail: string }[] = [];
    const vw = document.documentElement.clientWidth;
    const sw = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (sw > vw + 1) out.push({ kind: 'page-scrolls-sideways', what: 'document', detail: `scrollWidth ${sw} > ${vw}` });
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const label = el.getAttribute('aria-label') ?? '';
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}> ${label || text}`;
    };
    const hidden = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0' || e.getAttribute('aria-hidden') === 'true') return true;
      }
      return false;
    };
    /** Only a table may scroll sideways inside its own box (marked data-scroll-x); anything else off-screen is lost. */
    const inScroller = (el: Element) => !!el.closest('[data-scroll-x]');
    const srOnly = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width <= 1 || r.height <= 1;
    };
    const ownText = (el: Element) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
    const all = Array.from(document.body.querySelectorAll('*'));
    for (const el of all) {
      if (el.closest('svg') || el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'OBJECT' || el.tagName === 'IFRAME') continue;
      const interactive = el.matches('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=link]');
      const texty = ownText(el);
      if (!interactive && !texty) continue;
      if (srOnly(el) || hidden(el)) continue;
      const r = el.getBoundingClientRect();
      if ((r.right > vw + 1 || r.left < -1) && !inScroller(el)) {
        out.push({ kind: 'off-screen', what: describe(el), detail: `left ${Math.round(r.left)} right ${Math.round(r.right)} of ${vw}` });
        continue;
      }
      if (!texty || el.matches('input, textarea, select')) continue;
      // Text cut by its own box or by an ancestor that hides overflow (e.g. a tab or badge with an ellipsis).
      for (let e: Element | null = el, depth = 0; e && depth < 4; e = e.parentElement, depth++) {
        const s = getComputedStyle(e);
        if (s.overflowX === 'visible') continue;
        if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && e.closest('[data-scroll-x]')) break;
        if (e.scrollWidth > e.clientWidth + 1) {
          out.push({ kind: 'clipped-text', what: describe(el), detail: `${describe(e)}: scrollWidth ${e.scrollWidth} > clientWidth ${e.clientWidth}` });
        }
        break;
      }
    }
    // A short page must not end in a band of another colour (the body ends above the bottom of the screen).
    const bodyBg = getComputedStyle(document.body).backgroundColor;
    const htmlBg = getComputedStyle(document.documentElement).backgroundColor;
    if (bodyBg !== htmlBg && bodyBg !== 'rgba(0, 0, 0, 0)' && document.body.getBoundingClientRect().bottom < window.innerHeight - 1)
      out.push({
        kind: 'short-page',
        what: 'body',
        detail: `ends at ${Math.round(document.body.getBoundingClientRect().bottom)} of ${window.innerHeight}, ${bodyBg} over ${htmlBg}`,
      });
    // One entry per element text.
    const seen = new Set<string>();
    return out.filter((p) => {
      const k = `${p.kind}|${p.what}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  });
}
