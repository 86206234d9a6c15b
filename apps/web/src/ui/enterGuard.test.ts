import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installEnterGuard } from './enterGuard';

/** Issue 14 item 2: Enter in a picker picks; a form saves from Enter only in its last field. */
beforeAll(() => installEnterGuard(document));
afterEach(() => (document.body.innerHTML = ''));

function enter(el: Element): boolean {
  const e = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  el.dispatchEvent(e);
  return e.defaultPrevented;
}

function form(html: string) {
  document.body.innerHTML = `<form>${html}<button type="submit">Save</button></form>`;
  return (name: string) => document.querySelector(`[name="${name}"]`)!;
}

describe('Enter in forms', () => {
  it('does not save from a field that is not the last one', () => {
    const f = form('<input name="amount"><input name="vendor"><input name="note">');
    expect(enter(f('amount'))).toBe(true);
    expect(enter(f('vendor'))).toBe(true);
    expect(enter(f('note'))).toBe(false);
  });

  it('never saves from a picker, even the last field', () => {
    const f = form(
      '<input name="amount"><input name="category" role="combobox" aria-haspopup="listbox"><input name="method" aria-haspopup="listbox" readonly>',
    );
    expect(enter(f('category'))).toBe(true);
    expect(enter(f('method'))).toBe(true);
  });

  it('skips hidden, disabled and file inputs when finding the last field; text areas keep their new lines', () => {
    const f = form(
      '<input name="email"><input type="hidden" name="h"><input name="off" disabled><input type="file" name="photo"><textarea name="t"></textarea>',
    );
    expect(enter(f('email'))).toBe(true);
    expect(enter(f('t'))).toBe(false);
    const g = form('<input name="email"><input type="hidden" name="h"><input name="off" disabled><input type="file" name="photo">');
    expect(enter(g('email'))).toBe(false);
  });

  it('leaves inputs outside forms, other keys and buttons alone', () => {
    document.body.innerHTML = '<input name="q"><form><input name="a"><input name="b"><button name="go">Go</button></form>';
    expect(enter(document.querySelector('[name="q"]')!)).toBe(false);
    expect(enter(document.querySelector('[name="go"]')!)).toBe(false);
    const e = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    document.querySelector('[name="a"]')!.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
  });
});
