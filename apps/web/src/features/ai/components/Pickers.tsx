import { AGE_OPTIONS, type Country, countryDisplayName, CURRENCIES, currencySymbol } from '@duka/core';
import { Button, Group, Input, Popover, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useLanguage, useStrings } from '../../../i18n';
import '../strings';
import { optionKey } from '../optionKey';

// The pickers' modals load when first opened, keeping the AI pages small.
const CountryModal = lazy(() => import('../../../ui/SelectCountryModal'));
const CustomerModal = lazy(() => import('../../../ui/SelectCustomerModal'));

/** Select A Country (SPEC modal 2), mounted from its first opening on. */
function SelectCountryModal(props: ComponentProps<typeof CountryModal>) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <CountryModal {...props} />
    </Suspense>
  ) : null;
}

/** Select A Customer (SPEC modal 1), mounted from its first opening on. */
function SelectCustomerModal(props: ComponentProps<typeof CustomerModal>) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <CustomerModal {...props} />
    </Suspense>
  ) : null;
}

interface PickerProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}

/** The SPEC §3 currency of a country: one of the eleven selectable codes, or null when it has none of them. */
export function currencyOfCountry(country: Pick<Country, 'currency_code'>): string | null {
  return CURRENCIES.find((c) => c.iso === country.currency_code || c.code === country.currency_code)?.code ?? null;
}

/** Opens Select A Country (SPEC modal 2); the value is the chosen country's currency code. */
export function CurrencyPicker({ id, label, value, onChange }: PickerProps) {
  const { t } = useStrings('ai');
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  return (
    <Input.Wrapper label={label} id={id} description={note || undefined}>
      <Button id={id} aria-label={`${label}: ${value}`} variant="default" fullWidth justify="space-between" onClick={() => setOpen(true)} rightSection="▾">
        {value} ({currencySymbol(value)})
      </Button>
      <SelectCountryModal
        opened={open}
        onClose={() => setOpen(false)}
        onSelect={(country) => {
          setOpen(false);
          const code = currencyOfCountry(country);
          if (code) {
            onChange(code);
            setNote('');
          } else setNote(t('currencyUnsupported', { country: countryDisplayName(country), currency: country.currency_code, kept: value }));
        }}
      />
    </Input.Wrapper>
  );
}

/** Opens Select A Country (SPEC modal 2); the value is the country's name. */
export function CountryPicker({ id, label, value, onChange }: PickerProps) {
  const { t } = useStrings('ai');
  const shown = countryDisplayName(value, useLanguage());
  const [open, setOpen] = useState(false);
  return (
    <Input.Wrapper label={label} id={id}>
      <Button
        id={id}
        aria-label={`${label}: ${shown || t('chooseCountry')}`}
        variant="default"
        fullWidth
        justify="space-between"
        onClick={() => setOpen(true)}
        rightSection="▾"
      >
        {shown || t('chooseCountry')}
      </Button>
      <SelectCountryModal
        opened={open}
        onClose={() => setOpen(false)}
        selected={value || null}
        onSelect={(country) => {
          setOpen(false);
          onChange(country.name);
        }}
      />
    </Input.Wrapper>
  );
}

/** SPEC §2 Age Range popover: Young, Middle Age, Aged (default Young). */
export function AgePicker({ id, label, value, onChange }: PickerProps) {
  const { t } = useStrings('ai');
  const [open, setOpen] = useState(false);
  // The value sent stays core's English; the screen shows it translated.
  const shown = (age: string) => t(`ages.${optionKey(age)}`);
  return (
    <Input.Wrapper label={label} id={id}>
      <Popover opened={open} onChange={setOpen} position="bottom-start" withArrow trapFocus>
        <Popover.Target>
          <Button
            id={id}
            aria-label={`${label}: ${shown(value)}`}
            variant="default"
            fullWidth
            justify="space-between"
            onClick={() => setOpen((o) => !o)}
            rightSection="▾"
            aria-haspopup="dialog"
          >
            {shown(value)}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Radio.Group
            value={value}
            onChange={(v) => {
              onChange(v);
              setOpen(false);
            }}
            label={label}
          >
            <Stack gap="xs" mt="xs">
              {AGE_OPTIONS.map((a) => (
                <Radio key={a} value={a} label={shown(a)} />
              ))}
            </Stack>
          </Radio.Group>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}

/** Select A Customer (SPEC modal 1) for the birthday message; NEW lets the user type a name instead. */
export function CustomerPicker({ id, label, value, onChange, error }: PickerProps) {
  const { t } = useStrings('ai');
  const [open, setOpen] = useState(false);
  const [customerId, setCustomerId] = useState<string | undefined>();
  const [typing, setTyping] = useState(false);
  return (
    <Input.Wrapper label={label} id={id} error={error} withAsterisk>
      <Stack gap={6}>
        {typing ? (
          <TextInput aria-label={t('customerName')} placeholder={t('customerName')} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c={value ? undefined : 'dimmed'} style={{ flex: 1 }} data-testid="chosen-customer">
              {value || t('noCustomer')}
            </Text>
          </Group>
        )}
        <Button id={id} variant="default" onClick={() => setOpen(true)}>
          {value ? t('changeCustomer') : label}
        </Button>
      </Stack>
      <SelectCustomerModal
        opened={open}
        currentId={customerId}
        onClose={() => setOpen(false)}
        onResult={(result) => {
          setOpen(false);
          if (result.action === 'SELECT') {
            setTyping(false);
            setCustomerId(result.customer.id);
            onChange(result.customer.name);
          } else {
            setTyping(true);
            setCustomerId(undefined);
            onChange('');
          }
        }}
      />
    </Input.Wrapper>
  );
}
