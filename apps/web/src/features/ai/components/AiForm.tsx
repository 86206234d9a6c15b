import {
  AI_LANGUAGES,
  type AiField,
  type AiTypeInfo,
  CURRENCY_CODES,
  DEFAULT_AGE,
  DEFAULT_AI_LANGUAGE,
  offeredAiLanguages,
  DEFAULT_CURRENCY,
  DEFAULT_INTENT,
  DEFAULT_TONE,
  EMAIL_TONES,
  generateProblems,
  type AiProblem,
  REPLY_INTENTS,
} from '@duka/core';
import { NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { type User, parseInvoiceSettings } from '../../../data/user';
import { activeLanguage, useStrings } from '../../../i18n';
import '../strings';
import { optionKey } from '../optionKey';
import { AgePicker, CountryPicker, CurrencyPicker, CustomerPicker } from './Pickers';

export type FormValues = Record<string, string>;

/** The starting values of a type's form: profile prefill, the user's currency and country, SPEC defaults. */
export function initialValues(info: AiTypeInfo, user: User | null): FormValues {
  const settings = parseInvoiceSettings(user);
  // The writer answers in the owner's language unless another is picked (issue 19): the account's, else the screen's
  // (a page opened by URL or reloaded draws before the account's language has switched the screen: t14 D6).
  const values: FormValues = { language: writerLanguage(user?.language ?? activeLanguage()) };
  for (const f of info.fields) {
    let v = '';
    if (f.prefill) v = user?.[f.prefill] ?? '';
    else if (f.kind === 'currency')
      v = (CURRENCY_CODES as readonly string[]).includes(settings.currency ?? '') ? (settings.currency as string) : DEFAULT_CURRENCY;
    else if (f.kind === 'country') v = settings.country?.name ?? user?.country ?? '';
    else if (f.kind === 'age') v = DEFAULT_AGE;
    else if (f.kind === 'tone') v = DEFAULT_TONE;
    else if (f.kind === 'intent') v = DEFAULT_INTENT;
    values[f.name] = v;
  }
  return values;
}

/** A language the writer writes, else its default. */
export function writerLanguage(language: string | null | undefined): string {
  return (AI_LANGUAGES as ReadonlyArray<{ code: string }>).some((l) => l.code === language) ? (language as string) : DEFAULT_AI_LANGUAGE;
}

/** Set in a form's values once the owner picked the output language: it then no longer follows the screen's. */
export const LANGUAGE_PICKED = 'languagePicked';

/** The POST /ai-writter/generate payload (without `generate`): trimmed values, empty optional ones left out. */
export function toPayload(info: AiTypeInfo, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of info.fields) {
    const v = (values[f.name] ?? '').trim();
    if (v || f.required) out[f.name] = v;
  }
  if (values.language) out.language = values.language;
  return out;
}

interface Props {
  info: AiTypeInfo;
  values: FormValues;
  touched: Record<string, boolean>;
  /** Per-field reasons from the server's last answer (e.g. a link it could not fetch). */
  serverErrors?: Record<string, string>;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
  onTouch: (name: string) => void;
}

/** A problem from core's generateProblems (a code and its numbers) in the screen language. */
export function useAiProblem(): (problem: AiProblem | undefined) => string | undefined {
  const { t } = useStrings('ai');
  return (problem) => (problem ? t(`messages.${problem.code}`, problem.params) : undefined);
}

/** The form of one AI type (SPEC §2 labels), driven by the field table in @duka/core. */
export function AiForm({ info, values, touched, serverErrors, disabled, onChange, onTouch }: Props) {
  const { t } = useStrings('ai');
  const problems = generateProblems(info.type, values);
  const problemText = useAiProblem();
  // Core's field table speaks SPEC's English; this feature's strings hold the same texts by type and field name.
  const label = (f: AiField) => t(`fields.${info.type}.${f.name}`);
  const placeholder = (f: AiField) => (f.placeholder ? t(`placeholders.${info.type}.${f.name}`) : undefined);

  const field = (f: AiField) => {
    const id = `ai-${f.name}`;
    const common = {
      id,
      label: label(f),
      value: values[f.name] ?? '',
      // The form's own check first (core's rules, in the screen language); else what the server said about the field.
      error: problemText(touched[f.name] || serverErrors?.[f.name] ? problems[f.name] : undefined) ?? serverErrors?.[f.name],
      required: f.required,
      onChange: (v: string) => {
        onChange(f.name, v);
        onTouch(f.name);
      },
    };
    // What the typed fields (text, link, long text) share: change on each key, checked once left.
    const typed = {
      id,
      label: common.label,
      placeholder: placeholder(f),
      value: common.value,
      error: common.error,
      withAsterisk: f.required,
      disabled,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(f.name, e.currentTarget.value),
      onBlur: () => onTouch(f.name),
    };
    switch (f.kind) {
      case 'textarea':
        return <Textarea key={f.name} {...typed} autosize minRows={4} maxRows={12} />;
      case 'text':
      case 'url':
        return (
          <TextInput
            key={f.name}
            {...typed}
            required={f.kind === 'url'}
            type={f.kind === 'url' ? 'url' : 'text'}
            inputMode={f.kind === 'url' ? 'url' : undefined}
            autoComplete={f.prefill === 'name' ? 'name' : f.prefill === 'company_name' ? 'organization' : 'off'}
          />
        );
      case 'contact':
        return <CustomerPicker key={f.name} {...common} />;
      case 'currency':
        return <CurrencyPicker key={f.name} {...common} />;
      case 'country':
        return <CountryPicker key={f.name} {...common} />;
      case 'age':
        return <AgePicker key={f.name} {...common} />;
      case 'tone':
      case 'intent':
        return (
          <NativeSelect
            key={f.name}
            id={id}
            label={common.label}
            value={common.value}
            data={(f.kind === 'tone' ? EMAIL_TONES : REPLY_INTENTS).map((v) => ({
              value: v,
              label: f.kind === 'tone' ? t(`tones.${optionKey(v)}`) : t(`intents.${optionKey(v)}`),
            }))}
            disabled={disabled}
            onChange={(e) => onChange(f.name, e.currentTarget.value)}
          />
        );
    }
  };

  return (
    <Stack gap="md">
      {info.fields.map(field)}
      <NativeSelect
        id="ai-language"
        label={t('language')}
        value={values.language}
        data={offeredAiLanguages(info.type).map((l) => ({ value: l.code, label: l.name }))}
        disabled={disabled}
        onChange={(e) => {
          onChange(LANGUAGE_PICKED, '1');
          onChange('language', e.currentTarget.value);
        }}
      />
    </Stack>
  );
}
