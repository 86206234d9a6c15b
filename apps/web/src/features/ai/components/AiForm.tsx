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
  REPLY_INTENTS,
} from '@duka/core';
import { NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { type User, parseInvoiceSettings } from '../../../data/user';
import { activeLanguage, useStrings } from '../../../i18n';
import { aiStrings } from '../strings';
import { AgePicker, CountryPicker, CurrencyPicker, CustomerPicker } from './Pickers';

export type FormValues = Record<string, string>;

/** The starting values of a type's form: profile prefill, the user's currency and country, SPEC defaults. */
export function initialValues(info: AiTypeInfo, user: User | null): FormValues {
  const settings = parseInvoiceSettings(user);
  // The writer answers in the screen language unless another is picked (issue 19).
  const values: FormValues = {
    language: (AI_LANGUAGES as ReadonlyArray<{ code: string }>).some((l) => l.code === activeLanguage()) ? activeLanguage() : DEFAULT_AI_LANGUAGE,
  };
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

/** Field labels translated in this feature's strings, found by their English (which is core's, SPEC's). */
const FIELD_LABEL_KEYS = [
  'yourCompanyName',
  'yourName',
  'describeTheBusiness',
  'describeYourBusiness',
  'describeYourUpdate',
  'nameOfHoliday',
  'ageRange',
  'link',
  'currency',
  'selectCustomer',
  'tone',
] as const;

/** The form of one AI type (SPEC §2 labels), driven by the field table in @duka/core. */
export function AiForm({ info, values, touched, serverErrors, disabled, onChange, onTouch }: Props) {
  const { t } = useStrings('ai');
  const problems = generateProblems(info.type, values);
  const label = (f: AiField) => {
    // The field table in core speaks SPEC's English; the same words in this feature's strings carry the translation.
    const key = FIELD_LABEL_KEYS.find((k) => (aiStrings as Record<string, unknown>)[k] === f.label);
    return key ? t(key) : t(`fields.${info.type}.${f.name}`, { defaultValue: f.label });
  };

  const field = (f: AiField) => {
    const id = `ai-${f.name}`;
    const common = {
      id,
      label: label(f),
      value: values[f.name] ?? '',
      error: (touched[f.name] ? problems[f.name] : undefined) ?? serverErrors?.[f.name],
      required: f.required,
      onChange: (v: string) => {
        onChange(f.name, v);
        onTouch(f.name);
      },
    };
    switch (f.kind) {
      case 'textarea':
        return (
          <Textarea
            key={f.name}
            id={id}
            label={common.label}
            placeholder={f.placeholder}
            value={common.value}
            error={common.error}
            withAsterisk={f.required}
            autosize
            minRows={4}
            maxRows={12}
            disabled={disabled}
            onChange={(e) => onChange(f.name, e.currentTarget.value)}
            onBlur={() => onTouch(f.name)}
          />
        );
      case 'text':
      case 'url':
        return (
          <TextInput
            key={f.name}
            id={id}
            label={common.label}
            placeholder={f.placeholder}
            value={common.value}
            error={common.error}
            withAsterisk={f.required}
            required={f.kind === 'url'}
            type={f.kind === 'url' ? 'url' : 'text'}
            inputMode={f.kind === 'url' ? 'url' : undefined}
            autoComplete={f.prefill === 'name' ? 'name' : f.prefill === 'company_name' ? 'organization' : 'off'}
            disabled={disabled}
            onChange={(e) => onChange(f.name, e.currentTarget.value)}
            onBlur={() => onTouch(f.name)}
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
            data={[...(f.kind === 'tone' ? EMAIL_TONES : REPLY_INTENTS)]}
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
        onChange={(e) => onChange('language', e.currentTarget.value)}
      />
    </Stack>
  );
}
