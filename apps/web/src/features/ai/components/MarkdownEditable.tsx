import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useEffect, useRef } from 'react';
import classes from './ResultModal.module.css';

/** Markdown rendered into an editable area (SPEC modal 3). Loaded lazily with the result modal. */
export default function MarkdownEditable({ content, label, onElement }: { content: string; label: string; onElement: (el: HTMLDivElement | null) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const html = marked.parse(content, { async: false, gfm: true, breaks: true });
    el.innerHTML = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
    onElement(el);
    return () => onElement(null);
  }, [content, onElement]);
  return (
    <div
      ref={ref}
      className={classes.area}
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-label={label}
      tabIndex={0}
    />
  );
}
