import { type LocalTill, keepTill } from './till';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useStrings } from '../../i18n';
import { MoneyInput } from '../../ui/MoneyInput';

/**
 * The day's till for one currency (h155): the opening float (at the start of the day) and the cash counted at the
 * close, kept on this device first and sent to the server (./till). Not printed: the sheet shows the figures.
 */
export function TillForm({ day, currency, till }: { day: string; currency: string; till: LocalTill | undefined }) {
  const { t } = useStrings('cashUp');
  const [float, setFloat] = useState<number | null>(till?.opening_float ?? null);
  const [counted, setCounted] = useState<number | null>(till?.counted ?? null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [floatText, setFloatText] = useState(till ? 'x' : '');
  const [countedText, setCountedText] = useState(till?.counted != null ? 'x' : '');
  // Fields typed in since the last save: what comes from elsewhere does not overwrite them (CI: the float's own save,
  // coming back from the server while the count was being typed, set the count back to empty).
  const [typed, setTyped] = useState({ float: false, counted: false });
  // Another device's figures (taken from the server) or this one's once sent: a field follows what is kept when that
  // figure changed there, and the user has not typed in it since.
  const [seen, setSeen] = useState(till);
  if (till !== seen) {
    setSeen(till);
    if (till && !till.pending) {
      if (!typed.float && till.opening_float !== seen?.opening_float) {
        setFloat(till.opening_float);
        setFloatText('x');
      }
      if (!typed.counted && till.counted !== seen?.counted) {
        setCounted(till.counted);
        setCountedText(till.counted === null ? '' : 'x');
      }
    }
  }
  const save = async () => {
    // An empty float is none (0); an empty count is "not counted yet"; a typed amount the field could not read is refused.
    if ((floatText.trim() && float === null) || (countedText.trim() && counted === null)) return setStatus('invalid');
    try {
      await keepTill({ date: day, currency, opening_float: float ?? 0, counted });
      setTyped({ float: false, counted: false });
      setStatus('saved');
    } catch {
      setStatus('invalid');
    }
  };
  const id = `till-${currency}`;
  // Enter in either field saves (the browser's own implicit submission did not reach the form in Chromium, e2e).
  const enterSaves = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void save();
  };
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={`${id}-title`} data-testid="till-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="xs">
          <Text fw={700} id={`${id}-title`} component="h2" m={0} size="md">
            {t('tillTitle', { currency })}
          </Text>
          <MoneyInput
            label={t('openingFloat')}
            description={t('floatHint')}
            currency={currency}
            value={float}
            onChange={(v) => {
              setFloat(v);
              setStatus(null);
            }}
            onInput={(e) => {
              setFloatText(e.currentTarget.value);
              setTyped((f) => ({ ...f, float: true }));
            }}
            onKeyDown={enterSaves}
            data-testid="till-float"
          />
          <MoneyInput
            label={t('counted')}
            description={t('countedHint')}
            currency={currency}
            value={counted}
            onChange={(v) => {
              setCounted(v);
              setStatus(null);
            }}
            onInput={(e) => {
              setCountedText(e.currentTarget.value);
              setTyped((f) => ({ ...f, counted: true }));
            }}
            onKeyDown={enterSaves}
            data-testid="till-counted"
          />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            {t('saveTill')}
          </Button>
          <div role="status" aria-live="polite">
            {status === 'saved' && (
              <Text size="sm" c="teal">
                {t('tillSaved')}
              </Text>
            )}
            {status === 'invalid' && (
              <Text size="sm" c="red">
                {t('tillInvalid')}
              </Text>
            )}
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
