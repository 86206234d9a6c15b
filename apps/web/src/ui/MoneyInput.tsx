import './moneyStrings';
import { currencySymbol, minorDigits, moneyInputText, type MoneyTextProblem, parseMoneyText, regroupMoneyText, typedMoneyText } from '@duka/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useStrings } from '../i18n/lite';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** Minor units of the currency (kobo, cents; whole francs for XAF), or null when empty or not readable. */
  value: number | null;
  onChange: (minor: number | null) => void;
  /** Currency code for the symbol shown before the amount (NGN → ₦) and its decimals (none for XAF). */
  currency?: string;
}

/**
 * SPEC §5 money input, in the screen's language (issue 23): the person types an amount with their language's
 * marks (fr 12 500,50; en and sw 12,500.50); thousands separators are added as they type; on leaving the field it
 * shows what was read, in that language's format. What can be read two ways (12.500 on a French screen) or has
 * more decimals than the currency is refused with a message (the value given back is null), never guessed.
 * In English it reads what SPEC's parseMoney reads (digits, dots and commas; commas group thousands).
 */
/** A letter or sign between digits ("1e3"): unreadable whatever is typed next, unlike "1," on the way to "1,500". */
const LETTER_AMONG_DIGITS = /\d[^\d.,\s]+\d/;

export function MoneyInput({ value, onChange, currency = 'NGN', ...rest }: MoneyInputProps) {
  const language = useLanguage();
  const { t } = useStrings('money');
  const symbol = currencySymbol(currency);
  const show = (minor: number | null) => (minor === null ? '' : moneyInputText(minor, language, currency));
  const [text, setText] = useState(() => show(value));
  // What the person typed, as typed: a message quotes it, not the regrouped text the field shows (issue 23).
  const [typed, setTyped] = useState(text);
  const [shown, setShown] = useState({ value, language, currency });
  const [problem, setProblem] = useState<MoneyTextProblem | null>(null);
  // A value set from outside (a record loaded, a form reset), another language or currency: what is shown follows.
  if (value !== shown.value || language !== shown.language || currency !== shown.currency) {
    const sameMarks = language === shown.language && currency === shown.currency;
    setShown({ value, language, currency });
    const read = parseMoneyText(text, language, currency);
    if (!sameMarks || (read.ok ? read.minor !== value : value !== null)) {
      setText(show(value));
      setTyped(show(value));
      setProblem(null);
    }
  }
  // A field holding what cannot be read ("12,5", "1e3") refuses its form's submission: the form would see null, as for
  // an empty field, and save 0 or nothing in its place (t24 F3). The form's own submit handler is React's, at the root:
  // this listener on the form element runs before it and stops the event there.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const refuse = (e: SubmitEvent) => {
      const text = input.current?.value ?? '';
      const read = parseMoneyText(text, language, currency);
      if (read.ok || text.trim() === '') return;
      e.preventDefault();
      e.stopPropagation();
      setProblem(read.problem);
      input.current?.focus();
    };
    form.addEventListener('submit', refuse);
    return () => form.removeEventListener('submit', refuse);
  }, [language, currency]);
  const example = moneyInputText(12_500 * 10 ** minorDigits(currency) + (minorDigits(currency) ? 50 : 0), language, currency);
  const message = (p: MoneyTextProblem) => {
    if (p === 'ambiguous') return t('ambiguous', { text: typed.trim(), example });
    if (p === 'decimals') return minorDigits(currency) ? t('decimals', { n: minorDigits(currency), example }) : t('noDecimals', { currency, example });
    if (p === 'too_large') return t('tooLarge');
    if (p === 'negative') return t('negative');
    return t('unreadable', { example });
  };
  return (
    <TextInput
      {...rest}
      ref={input}
      inputMode="decimal"
      autoComplete="off"
      leftSection={symbol ? <span aria-hidden="true">{symbol}</span> : rest.leftSection}
      // Symbols of more than one letter (KSh, FCFA) get room enough not to run into the amount.
      leftSectionWidth={rest.leftSectionWidth ?? (symbol.length > 3 ? 52 : symbol.length > 1 ? 40 : undefined)}
      value={text}
      error={problem && problem !== 'empty' ? message(problem) : rest.error}
      onChange={(e) => {
        const next = e.currentTarget.value;
        const regrouped = regroupMoneyText(next, language, text);
        const read = parseMoneyText(regrouped, language, currency);
        const minor = read.ok ? read.minor : null;
        setTyped(typedMoneyText(text, typed, next));
        setText(regrouped);
        setShown({ value: minor, language, currency });
        // What more typing cannot mend is said at once (t20 U1: "30000.5" in UGX, "-5", "1e3"), not on leaving the field.
        if (read.ok || regrouped.trim() === '') setProblem(null);
        else if (read.problem === 'decimals' || read.problem === 'negative' || (read.problem === 'unreadable' && LETTER_AMONG_DIGITS.test(regrouped)))
          setProblem(read.problem);
        // One of those mended ("30000.5" back to "30000,"): its message goes; what is still unread is said on leaving.
        else if (problem === 'decimals' || problem === 'negative' || problem === 'unreadable') setProblem(null);
        onChange(minor);
      }}
      onBlur={(e) => {
        const read = parseMoneyText(text, language, currency);
        if (read.ok) {
          setText(show(read.minor));
          setTyped(show(read.minor));
        } else if (text.trim() !== '') setProblem(read.problem);
        rest.onBlur?.(e);
      }}
    />
  );
}

export default MoneyInput;
