import { describe, expect, it } from 'vitest';
import { safeMarkdown } from './components/Markdown';

describe('announcement markdown is rendered inert', () => {
  it('keeps formatting and safe links', () => {
    const html = safeMarkdown('Hello **all**\n\n- one\n- [site](https://duka.africa)');
    expect(html).toContain('<strong>all</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://duka.africa">site</a>');
  });
  it('shows raw HTML as text and drops scripts, handlers and javascript: links', () => {
    const html = safeMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) ![i](javascript:alert(4))\n\n<iframe src="https://evil"></iframe>',
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('script, iframe, [onerror]')).toBeNull();
    expect([...box.querySelectorAll('a, img')].every((el) => !/javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? ''))).toBe(true);
    expect(box.textContent).toContain('<script>alert(1)</script>');
  });
});
