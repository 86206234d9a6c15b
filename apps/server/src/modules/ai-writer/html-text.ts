import { decodeHTML } from 'entities';
import type { PageText } from './provider';

// Markup is read by this small linear-time scanner (htmlparser2 and parse5 were measured: both quadratic or
// seconds long on deeply nested hostile pages up to the 2 MB fetch limit); entities are the `entities` package's.

// Patterns use [^<>]* (never [^>]*) and closing tags are found with indexOf, so hostile pages can't make parsing quadratic.
const clean = (html: string) =>
  decodeHTML(html.replace(/<[^<>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

interface Element {
  tag: string;
  start: number;
  innerStart: number;
  innerEnd: number;
  end: number;
}

/** The elements named `tags` (not nested in one another), in order, with their inner ranges. */
function elements(html: string, tags: string[]): Element[] {
  const lower = html.toLowerCase();
  const open = new RegExp(`<(${tags.join('|')})\\b[^<>]*>`, 'gi');
  const unclosed = new Set<string>();
  const out: Element[] = [];
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tag = m[1].toLowerCase();
    if (unclosed.has(tag)) continue;
    const innerStart = m.index + m[0].length;
    const close = lower.indexOf(`</${tag}`, innerStart);
    if (close < 0) {
      unclosed.add(tag);
      continue;
    }
    const gt = lower.indexOf('>', close);
    const end = gt < 0 ? html.length : gt + 1;
    out.push({ tag, start: m.index, innerStart, innerEnd: close, end });
    open.lastIndex = end;
  }
  return out;
}

function stripComments(html: string): string {
  let out = '';
  let at = 0;
  for (let open = html.indexOf('<!--'); open >= 0; open = html.indexOf('<!--', at)) {
    out += `${html.slice(at, open)} `;
    const close = html.indexOf('-->', open + 4);
    if (close < 0) return out;
    at = close + 3;
  }
  return out + html.slice(at);
}

function removeElements(html: string, tags: string[]): string {
  let out = '';
  let at = 0;
  for (const e of elements(html, tags)) {
    out += `${html.slice(at, e.start)} `;
    at = e.end;
  }
  return out + html.slice(at);
}

function meta(html: string, names: string[]): string {
  for (const tag of html.match(/<meta\b[^<>]*>/gi) ?? []) {
    const key = /\b(?:name|property)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (key && names.includes(key)) {
      const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
      const value = content?.[1] ?? content?.[2] ?? content?.[3];
      if (value) return clean(value);
    }
  }
  return '';
}

const MAX_PARAGRAPHS = 300;
const MAX_CHARS = 60_000;
const MAX_PARAGRAPH = 4_000;

/** Reduces an HTML page to readable text: title, description, headings and paragraphs; scripts, styles and navigation dropped. */
export function htmlToText(html: string, url: string): PageText {
  const withoutJunk = removeElements(stripComments(html), [
    'script',
    'style',
    'noscript',
    'svg',
    'template',
    'iframe',
    'canvas',
    'nav',
    'footer',
    'aside',
    'form',
    'select',
    'button',
  ]).replace(/<(script|style)\b[^<>]*>/gi, ' ');
  const titleEl = elements(withoutJunk, ['title'])[0];
  const title = clean(titleEl ? withoutJunk.slice(titleEl.innerStart, titleEl.innerEnd) : '') || meta(withoutJunk, ['og:title', 'twitter:title']);
  const description = meta(withoutJunk, ['description', 'og:description', 'twitter:description']);
  const bodyEl = elements(withoutJunk, ['body'])[0];
  const head = elements(withoutJunk, ['head'])[0];
  const body = bodyEl ? withoutJunk.slice(bodyEl.innerStart, bodyEl.innerEnd) : head ? withoutJunk.slice(head.end) : withoutJunk;
  const hs = elements(body, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
  const headings = hs
    .filter((e) => e.tag <= 'h3')
    .map((e) => clean(body.slice(e.innerStart, e.innerEnd)))
    .filter((h) => h.length >= 3 && h.length <= 200);
  const blocks = removeElements(body, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
    .replace(/<\/?(p|div|li|br|tr|td|th|section|article|main|header|blockquote|ul|ol|table|dd|dt|figcaption|pre)\b[^<>]*>/gi, '\n')
    .split(/\n+/)
    .map(clean)
    .filter((p) => p.length >= 25);
  const paragraphs: string[] = [];
  let size = 0;
  for (const block of blocks) {
    const p = block.length > MAX_PARAGRAPH ? `${block.slice(0, MAX_PARAGRAPH)}…` : block;
    if (paragraphs.length >= MAX_PARAGRAPHS || size + p.length > MAX_CHARS) break;
    if (paragraphs.at(-1) === p) continue;
    paragraphs.push(p);
    size += p.length;
  }
  return { url, title: title.slice(0, 300), description: description.slice(0, 500), headings: [...new Set(headings)].slice(0, 30), paragraphs };
}

export function plainTextToPage(text: string, url: string): PageText {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length >= 10)
    .slice(0, MAX_PARAGRAPHS);
  return { url, title: paragraphs[0]?.slice(0, 120) ?? '', description: '', headings: [], paragraphs };
}
