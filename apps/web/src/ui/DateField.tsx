import { formatDate, parseAppDate } from '@duka/core';
import { ActionIcon, TextInput } from '@mantine/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLanguage, useStrings } from '../i18n';
import './appStrings';
import { Icon } from './icons';

/**
 * A date field in the app's date format (issue 23): shows "5 Nov 26" (fr "5 nov. 26", sw "5 Nov 26") as every
 * screen writes dates, not the browser's own format, and reads what is typed that way (or by numbers, day first;
 * core parseAppDate) when the field is left or Enter is pressed. A calendar button opens the device's own date
 * picker. Keyboard: type and Tab or Enter; the button is the next stop. Screen readers hear the label, the hint
 * with an example and, for a date it cannot read, the error. The value in and out is ISO (yyyy-mm-dd).
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  'data-testid': testId,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  'data-testid'?: string;
}) {
  const { t } = useStrings('ui');
  const language = useLanguage();
  const shown = value ? formatDate(value, language) : '';
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  // A new value from outside (the calendar, another period) or another language: shown in the app's format.
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setText(shown);
    setBad(false);
  }
  const example = formatDate(value || '2026-11-05', language);

  function commit() {
    if (text.trim() === shown) return setBad(false);
    const iso = parseAppDate(text, language);
    if (!iso) return setBad(true);
    setBad(false);
    setText(formatDate(iso, language));
    if (iso !== value) onChange(iso);
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  }
  function openCalendar() {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
      el.click();
    }
  }

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        id={id}
        label={label}
        description={t('dateField.hint', { example })}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        error={bad ? t('dateField.invalid', { example }) : undefined}
        autoComplete="off"
        inputMode="text"
        data-testid={testId}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon variant="subtle" aria-label={t('dateField.calendar', { label })} onClick={openCalendar}>
            <Icon name="calendar" size={18} aria-hidden />
          </ActionIcon>
        }
      />
      {/* The device's own calendar, opened by the button; never a stop of its own for the keyboard or screen readers. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        min={min}
        max={max}
        onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none', border: 0, padding: 0 }}
      />
    </div>
  );
}
