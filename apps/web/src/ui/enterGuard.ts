/**
 * Enter and forms (issue 14 item 2), for every form of the app: a browser submits a form when Enter is
 * pressed in any of its text inputs, so typing a new category and pressing Enter saved a half-filled
 * expense. The rule here: Enter in a picker (a combobox: select, autocomplete, searchable list) only
 * picks; Enter in a text input saves only from the form's last field. Save buttons and text areas are
 * untouched. Installed once on the document (bubbling, after the pickers' own key handling).
 */

const NOT_TYPED = new Set(['hidden', 'button', 'submit', 'reset', 'image', 'file', 'checkbox', 'radio', 'range', 'color']);

/** A control that takes Enter as a choice, not as "save": Mantine's Select/Autocomplete/Combobox targets and ARIA comboboxes. */
export function isPicker(el: Element): boolean {
  const haspopup = el.getAttribute('aria-haspopup');
  return (
    el.getAttribute('role') === 'combobox' ||
    haspopup === 'listbox' ||
    haspopup === 'true' ||
    haspopup === 'menu' ||
    el.hasAttribute('aria-autocomplete') ||
    el.hasAttribute('list')
  );
}

/** A field the user fills in a form (text-like input, text area or select), enabled and not hidden. */
function isField(el: Element): boolean {
  if (el instanceof HTMLInputElement) {
    if (NOT_TYPED.has(el.type) || el.disabled) return false;
  } else if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
    if (el.disabled) return false;
  } else return false;
  return !el.closest('[hidden], [aria-hidden="true"]');
}

/** True when Enter on this target must not submit its form. */
export function blocksEnter(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLInputElement) || NOT_TYPED.has(target.type)) return false;
  const form = target.form;
  if (!form) return false;
  if (isPicker(target)) return true;
  const fields = Array.from(form.elements).filter(isField);
  return fields[fields.length - 1] !== target;
}

export function onEnterKey(e: KeyboardEvent): void {
  if (e.key !== 'Enter' || e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
  if (blocksEnter(e.target)) e.preventDefault();
}

let installed = false;
/** Applies the rule to every form of the page (call once at start-up). */
export function installEnterGuard(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener('keydown', onEnterKey);
}
