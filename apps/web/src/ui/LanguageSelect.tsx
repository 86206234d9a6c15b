import { type Language, LANGUAGE_NAMES, LANGUAGES } from '@duka/core';
import { NativeSelect } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  description?: ReactNode;
  value: Language;
  onChange: (language: Language) => void;
  disabled?: boolean;
  mb?: string;
}

/** The language picker (registration, settings): each language written in itself, marked with its lang for screen readers. */
export function LanguageSelect({ label, description, value, onChange, disabled, mb }: Props) {
  return (
    <NativeSelect
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      name="language"
      value={value}
      disabled={disabled}
      mb={mb}
      onChange={(e) => onChange(e.currentTarget.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </NativeSelect>
  );
}
