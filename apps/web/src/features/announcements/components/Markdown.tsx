import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/** Tags a announcement may use; anything else (script, iframe, raw HTML, event handlers, styles) is dropped. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'del', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr', 'img'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title'];

/** Markdown → safe HTML: raw HTML in the text is shown as text, links only http(s)/mailto, the result sanitised. */
export function safeMarkdown(text: string): string {
  const renderer = new marked.Renderer();
  renderer.html = ({ text: raw }) => raw.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = marked.parse(text, { async: false, gfm: true, breaks: true, renderer });
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i });
  // Links open in a new tab without giving it this page.
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer" ');
}

export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => safeMarkdown(text), [text]);
  return <div className="duka-markdown" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
