import { describe, expect, it, vi } from 'vitest';
import { keepFirstPaintUntilReady, PRESS_WAIT_MS, typedInFirstPaint } from './firstPaint';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('keepFirstPaintUntilReady', () => {
  it('keeps the server-drawn amount while the page is busy, and removes it once the page has drawn', async () => {
    document.body.innerHTML = '<div id="root"><main data-first-paint>Total due ₦123,456</main></div>';
    const root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root);
    expect(root.childElementCount).toBe(0);
    expect(document.body.textContent).toContain('₦123,456');
    // Over the page, not in its flow: #root must not move when the drawing goes (no layout shift).
    expect(document.querySelector<HTMLElement>('[data-first-paint]')?.style.position).toBe('absolute');
    // Above the app's page while both are there, so a tap begun on it ends on it.
    expect(document.querySelector<HTMLElement>('[data-first-paint]')?.style.zIndex).toBe('1');

    root.innerHTML = '<div aria-busy="true">loading</div>';
    await tick();
    expect(document.querySelector('[data-first-paint]')).not.toBeNull();

    root.innerHTML = '<h1>Invoice INV-0001</h1>';
    await tick();
    expect(document.querySelector('[data-first-paint]')).toBeNull();
    expect(document.body.textContent).toBe('Invoice INV-0001');
  });

  it('carries what was typed into the drawn screen after the app drew its own (busy) form over to the app, with the caret', async () => {
    document.body.innerHTML =
      '<div id="root"><form data-first-paint><input name="identifier"><input name="password" type="text"><input name="keep" type="checkbox"></form></div>';
    const root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root);
    // The app's form, drawn with the values of its first commit, busy (a Log in from the drawn screen being checked).
    root.innerHTML =
      '<form><input name="identifier" value="amina"><input name="password" type="password" value="old"><input name="keep" type="checkbox"><button aria-busy="true">Log in</button></form>';
    await tick();
    const [id, pw, keep] = [...document.querySelectorAll<HTMLInputElement>('[data-first-paint] input')];
    id.value = 'amina';
    pw.value = 'corrected';
    keep.checked = true;
    pw.focus();
    pw.setSelectionRange(4, 4);
    const heard: string[] = [];
    root.addEventListener('input', (e) => heard.push((e.target as HTMLInputElement).name));
    root.querySelector('button')!.removeAttribute('aria-busy');
    await tick();
    expect(document.querySelector('[data-first-paint]')).toBeNull();
    const own = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(own.value).toBe('corrected');
    // Heard as typing (React's onChange listens to input events; the box as a click); the unchanged field is left alone.
    expect(heard).toEqual(['password', 'keep']);
    expect(root.querySelector<HTMLInputElement>('input[name="keep"]')!.checked).toBe(true);
    expect(document.activeElement).toBe(own);
    expect([own.selectionStart, own.selectionEnd]).toEqual([4, 4]);
  });

  it('lets a press on the drawn screen finish before it goes: the link pressed as the app became ready is still clicked', async () => {
    document.body.innerHTML = '<div id="root"><main data-first-paint><a href="#forgot">Forgot password?</a></main></div>';
    const root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root);
    const link = document.querySelector<HTMLAnchorElement>('[data-first-paint] a')!;
    const clicked = vi.fn();
    link.addEventListener('click', (e) => {
      e.preventDefault();
      clicked();
    });
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    root.innerHTML = '<h1>Login</h1>';
    await tick();
    expect(document.querySelector('[data-first-paint]')).not.toBeNull();
    link.dispatchEvent(new Event('pointerup', { bubbles: true }));
    link.click();
    expect(clicked).toHaveBeenCalledTimes(1);
    await tick();
    expect(document.querySelector('[data-first-paint]')).toBeNull();
  });

  it('goes at once when the press was released before the app was ready, and within PRESS_WAIT_MS of a press never released', async () => {
    document.body.innerHTML = '<div id="root"><main data-first-paint><a href="#x">x</a></main></div>';
    let root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root);
    let link = document.querySelector('[data-first-paint] a')!;
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await tick();
    root.innerHTML = '<h1>Login</h1>';
    await tick();
    expect(document.querySelector('[data-first-paint]')).toBeNull();

    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"><main data-first-paint><a href="#x">x</a></main></div>';
      root = document.getElementById('root')!;
      keepFirstPaintUntilReady(root);
      link = document.querySelector('[data-first-paint] a')!;
      link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      root.innerHTML = '<h1>Login</h1>';
      await vi.advanceTimersByTimeAsync(PRESS_WAIT_MS - 10);
      expect(document.querySelector('[data-first-paint]')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(20);
      expect(document.querySelector('[data-first-paint]')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves text typed into the app's own field when the drawn one is empty (typed under the drawn screen)", async () => {
    document.body.innerHTML = '<div id="root"><form data-first-paint><input name="identifier"></form></div>';
    const root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root);
    root.innerHTML = '<form><input name="identifier" value=""><button aria-busy="true">Log in</button></form>';
    await tick();
    root.querySelector<HTMLInputElement>('input')!.value = 'amina';
    root.querySelector('button')!.setAttribute('aria-busy', 'false');
    await tick();
    expect(document.querySelector('[data-first-paint]')).toBeNull();
    expect(root.querySelector<HTMLInputElement>('input')!.value).toBe('amina');
  });

  it('does nothing on a page with no server drawing', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root);
    expect(document.body.innerHTML).toBe('<div id="root"></div>');
  });
});

describe('typedInFirstPaint (issue 30)', () => {
  it('reads what was typed into the drawn login fields, and which field had the caret where', () => {
    document.body.innerHTML = '<div data-first-paint><form><input name="identifier"><input name="password" type="password"></form></div><div id="root"></div>';
    expect(typedInFirstPaint(['identifier', 'password'])).toBeNull();
    const [id, pw] = [...document.querySelectorAll('input')];
    id.value = 'amina';
    pw.value = 'secret';
    pw.focus();
    pw.setSelectionRange(3, 3);
    expect(typedInFirstPaint(['identifier', 'password'])).toEqual({
      values: { identifier: 'amina', password: 'secret' },
      focused: 'password',
      selection: [3, 3],
    });
  });

  it('answers nothing once the drawn screen is gone', () => {
    document.body.innerHTML = '<div id="root"><input name="identifier" value="x"></div>';
    expect(typedInFirstPaint(['identifier'])).toBeNull();
  });
});
