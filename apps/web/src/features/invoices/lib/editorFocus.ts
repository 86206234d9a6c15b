import { type RefObject, useEffect, useState } from 'react';

/**
 * Where focus goes after an action of the editor (t18 Y2, Y3): a keyboard or screen-reader user lands on the new
 * line's first field after Add line, on the first field in error after Finish or Save refused (not left on the button).
 * Returns the setter: `focusTo('newLine')` or `focusTo('error')`.
 */
export function useEditorFocus(root: RefObject<HTMLElement | null>): (to: 'newLine' | 'error') => void {
  const [focusTo, setFocusTo] = useState<{ to: 'newLine' | 'error' } | null>(null);
  useEffect(() => {
    const page = root.current;
    if (!focusTo || !page) return;
    const lines = page.querySelectorAll('[data-testid="invoice-line"]');
    const target =
      focusTo.to === 'newLine'
        ? lines[lines.length - 1]?.querySelector<HTMLElement>('input, textarea')
        : page.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
    target?.focus();
  }, [focusTo, root]);
  // A new object each time: the same target twice in a row moves the focus again.
  return (to) => setFocusTo({ to });
}
