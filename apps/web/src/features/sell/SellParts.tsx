import './strings';
import { Badge, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatMoney, NAME_MAX, REFERENCE_MAX, showsMinorUnits } from '@duka/core';
import { type CatalogItem, saveRecord } from '../../data/db';
import { useStrings } from '../../i18n';
import { MoneyInput } from '../../ui/MoneyInput';
import type { WholeShillingsRound } from '../invoices/components/WholeShillingsOffer';
import { methodLabel } from './methodLabel';
import type { PayMethod, SalePayment } from './sale';

// Only a KES sale with cents paid by M-Pesa or Airtel Money shows it: kept off Sell's first load (its 30 KB goal).
const WholeShillingsOffer = lazy(() => import('../invoices/components/WholeShillingsOffer').then((m) => ({ default: m.WholeShillingsOffer })));

const METHODS: PayMethod[] = ['cash', 'bank_transfer', 'mobile_money', 'pay_link'];

/** The Sell screen's smaller parts: the discount, the payment panel, adding an item by a scanned code. */
export function DiscountField({
  value,
  onChange,
  currency,
}: {
  value: { type: 'percentage' | 'amount'; value: number } | null;
  onChange: (v: { type: 'percentage' | 'amount'; value: number } | null) => void;
  currency: string;
}) {
  const { t } = useStrings('sell');
  const type = value?.type ?? 'percentage';
  // What was typed stays in the box (t21: 150 % silently became 100 %, "Cash ₦0"): a figure over 100 % or not a
  // number says why and gives no discount, so a slip of the finger never gives the goods away.
  const [typed, setTyped] = useState(value ? String(value.value / 100) : '');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Group gap="xs" align="end" wrap="nowrap">
      {type === 'amount' ? (
        <MoneyInput
          label={t('discount')}
          currency={currency}
          value={value?.value ?? null}
          onChange={(v) => onChange(v ? { type, value: v } : null)}
          style={{ flex: 1 }}
        />
      ) : (
        <TextInput
          label={t('discount')}
          inputMode="decimal"
          style={{ flex: 1 }}
          value={value || problem ? typed : ''}
          error={problem ? t(problem) : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value;
            const n = Number(text.trim().replace(',', '.'));
            setTyped(text);
            const bad = !text.trim() ? null : !Number.isFinite(n) || n < 0 ? 'discountNotNumber' : n > 100 ? 'discountTooHigh' : null;
            setProblem(bad);
            onChange(!bad && text.trim() && n > 0 ? { type, value: Math.round(n * 100) } : null);
          }}
        />
      )}
      <SegmentedControl
        size="xs"
        value={type}
        onChange={(v) => {
          setTyped('');
          setProblem(null);
          onChange(value ? { type: v as 'percentage' | 'amount', value: 0 } : null);
        }}
        data={[
          { value: 'percentage', label: t('discountPercent') },
          { value: 'amount', label: t('discountAmount') },
        ]}
      />
    </Group>
  );
}

/** The first field a person fills in a panel: a text, number or select field (the method chooser's radios come before it). */
export function firstField(el: HTMLElement): HTMLElement | null {
  return (
    el.querySelector<HTMLElement>('input:not([type="radio"]):not([type="checkbox"]):not([disabled]), textarea:not([disabled]), select:not([disabled])') ??
    el.querySelector<HTMLElement>('input:checked')
  );
}

/** Cash with change, transfer, mobile money with a reference, a pay link (left owed), or a split between two methods. */
export function PaymentPanel({
  total,
  currency,
  saving,
  onPay,
  onCancel,
  roundOffer,
  onRound,
}: {
  total: number;
  currency: string;
  saving: boolean;
  onPay: (p: SalePayment[]) => void;
  onCancel: () => void;
  /** The offer to round the sale down to whole shillings for these payments (M-Pesa, Airtel Money: counterWholeShillings). */
  roundOffer?: (p: SalePayment[]) => WholeShillingsRound | null;
  /** Takes the rounding as the sale's discount: the panel's total follows. */
  onRound?: (discount: { type: 'amount'; value: number }) => void;
}) {
  const { t } = useStrings('sell');
  const [method, setMethod] = useState<PayMethod>('cash');
  const [tendered, setTendered] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [split, setSplit] = useState(false);
  const [first, setFirst] = useState<number | null>(null);
  const [second, setSecond] = useState<PayMethod>('mobile_money');
  const [secondRef, setSecondRef] = useState('');
  // Four methods do not fit side by side on a phone: one under the other there.
  const narrow = useMediaQuery('(max-width: 30em)');
  const firstAmount = split ? Math.min(first ?? 0, total) : total;
  const rest = total - firstAmount;
  const change = method === 'cash' && tendered !== null ? tendered - firstAmount : 0;
  const shortBy = method === 'cash' && tendered !== null && tendered < firstAmount ? firstAmount - tendered : 0;
  // One number of decimals on the panel (issue 23): the total, the change and what is left, as the receipt shows them.
  const minor = showsMinorUnits([total, tendered, first, rest, change, shortBy], currency);
  const money = (n: number) => formatMoney(n, currency, { minor });
  const label = (m: PayMethod) => methodLabel(m, t);
  const panel = useRef<HTMLElement>(null);
  // Opened from the bar at the foot of the screen, the panel starts below it (t15b at 360 px): it is brought into view
  // and its first field to fill (Cash received) takes the focus, so a keyboard or screen reader is where the person is.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    firstField(el)?.focus({ preventScroll: true });
    // After the frame that lays the panel out (the page is not yet its full height when the effect runs).
    const frame = requestAnimationFrame(() => el.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' }));
    return () => cancelAnimationFrame(frame);
  }, []);
  const payments = (): SalePayment[] => {
    const list: SalePayment[] = [
      { method, amount: firstAmount, reference: method === 'pay_link' ? '' : reference, ...(method === 'cash' && tendered ? { tendered } : {}) },
    ];
    if (split && rest > 0) list.push({ method: second, amount: rest, reference: second === 'pay_link' ? '' : secondRef });
    return list;
  };
  const pay = () => onPay(payments());
  // A pay link or mobile money for an amount with cents (KES): the offer to round down, as the invoice editor makes it.
  const round = roundOffer?.(payments()) ?? null;
  return (
    <Paper
      ref={panel}
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label={t('payTitle')}
      data-testid="payment-panel"
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 8px)' }}
    >
      <Stack gap="xs">
        <Text fw={600}>
          {t('payTitle')} · {money(total)}
        </Text>
        <SegmentedControl
          value={method}
          onChange={(v) => {
            setMethod(v as PayMethod);
            if (v === second) setSecond(METHODS.find((m) => m !== v) ?? 'cash');
          }}
          data={METHODS.map((m) => ({ value: m, label: label(m) }))}
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          aria-label={t('method')}
        />
        {split && <MoneyInput label={t('firstAmount', { method: label(method) })} currency={currency} value={first} onChange={setFirst} />}
        {method === 'cash' ? (
          <>
            <MoneyInput label={t('cashReceived')} currency={currency} value={tendered} onChange={setTendered} data-testid="cash-received" />
            {change > 0 && (
              <Text fw={700} data-testid="change">
                {t('change', { amount: money(change) })}
              </Text>
            )}
            {shortBy > 0 && <Text c="red">{t('short', { amount: money(shortBy) })}</Text>}
          </>
        ) : method === 'pay_link' ? (
          <Text size="sm" c="dimmed" data-testid="pay-link-hint">
            {t('payLinkHint')}
          </Text>
        ) : (
          <TextInput
            label={t('reference')}
            placeholder={t('referenceHint')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={REFERENCE_MAX}
          />
        )}
        <Switch label={t('split')} checked={split} onChange={(e) => setSplit(e.currentTarget.checked)} />
        {split && (
          <>
            <NativeSelect
              label={`${t('secondMethod')} (${money(rest)})`}
              value={second}
              onChange={(e) => setSecond(e.currentTarget.value as PayMethod)}
              data={METHODS.filter((m) => m !== method).map((m) => ({ value: m, label: label(m) }))}
            />
            {second === 'pay_link' && (
              <Text size="sm" c="dimmed">
                {t('payLinkHint')}
              </Text>
            )}
            {second !== 'cash' && second !== 'pay_link' && (
              <TextInput label={t('reference')} value={secondRef} onChange={(e) => setSecondRef(e.currentTarget.value)} maxLength={REFERENCE_MAX} />
            )}
          </>
        )}
        {round && onRound && (
          <Suspense fallback={null}>
            <WholeShillingsOffer offer={round} onRound={onRound} />
          </Suspense>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button onClick={pay} loading={saving} disabled={shortBy > 0 || (split && (firstAmount <= 0 || rest <= 0))} data-testid="pay-done">
            {t('done')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A code that matches nothing: add the item with that code (name and price), then it goes into the sale. */
export function AddByCode({ code, currency, onClose, onAdded }: { code: string; currency: string; onClose: () => void; onAdded: (item: CatalogItem) => void }) {
  const { t } = useStrings('sell');
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const numeric = /^[\w-]{3,}$/.test(code) && /\d/.test(code);
  const save = async () => {
    if (!name.trim()) return;
    const item = await saveRecord('catalogs', {
      id: crypto.randomUUID(),
      name: name.trim(),
      unit_price: price ?? 0,
      barcode: numeric ? code : '',
      unit: 'piece',
    });
    onAdded(item);
    onClose();
  };
  return (
    <Paper withBorder p="sm" radius="md" role="dialog" aria-label={t('newItemTitle', { code })}>
      <Stack gap="xs">
        <Badge color="orange" variant="light" style={{ alignSelf: 'start' }}>
          {t('unknownCode', { code })}
        </Badge>
        <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={NAME_MAX} data-autofocus />
        <MoneyInput label={t('price')} currency={currency} value={price} onChange={setPrice} />
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!name.trim()}>
            {t('add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
