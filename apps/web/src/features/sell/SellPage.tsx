import './strings';
import './cashUpStrings';
import { formatMoney, formatQuantity, INVOICE_LIMITS, invoiceDefaults, stockLevels, stockState } from '@duka/core';
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CatalogItem } from '../../data/db';
import { useRecords } from '../../data/sync/hooks';
import { getCurrentUser } from '../../data/user';
import { withoutWalkIn } from '../../data/walkIn';
import { useLanguage, useStrings, whenTranslated } from '../../i18n';
import { readDraft, removeDraft, writeDraft } from '../../ui/drafts/store';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { ruleText } from '../../ui/validation';
import {
  type CartLine,
  checkCart,
  completeSale,
  counterShowsMinor,
  defaultTaxes,
  linePrice,
  lineProblem,
  type SaleOptions,
  type SalePayment,
  type SavedSale,
  typedQuantity,
} from './sale';
import { useQrEncoderAhead } from './QrCode';
import { useSaleFiscalAhead } from './saleFiscalSlot';
import { SaleReceipt } from './SaleReceipt';
import type { SellOrderBoxProps } from './SellOrderBox';
import { Scanner } from './Scanner';
import { PAGES } from '../../paths';
import { AddByCode, DiscountField, PaymentPanel } from './SellParts';
import { counterWholeShillings } from './wholeShillings';

/** The sale under way, kept on the device (t24 F2) in the drafts' store: per user, offline, until sold or emptied. */
const SELL_DRAFT = 'sell';
interface SellDraft {
  cart: CartLine[];
  contactId: string | null;
  discount: SaleOptions['discount'];
}

/** /sell: the counter. Tap items (or scan them), then Cash — a one-item cash sale is three taps from Sell to the receipt. */
export default function SellPage() {
  const { t } = useStrings('sell');
  const { t: tc } = useStrings('cashUp');
  const language = useLanguage();
  const catalog = useRecords('catalogs');
  const contacts = useRecords('contacts');
  const fees = useRecords('fees');
  const movements = useRecords('stock_movements');
  const [query, setQuery] = useState('');
  const [kept] = useState(() => readDraft<SellDraft>(SELL_DRAFT)?.value ?? null);
  const [cart, setCart] = useState<CartLine[]>(() => (Array.isArray(kept?.cart) ? kept.cart : []));
  const [contactId, setContactId] = useState<string | null>(kept?.contactId ?? null);
  const [discount, setDiscount] = useState<SaleOptions['discount']>(kept?.discount ?? null);
  // A reload (or the phone killing the tab) keeps the cart; an empty cart leaves nothing behind.
  const sold = useRef(false);
  useEffect(() => {
    if (sold.current) return;
    if (cart.length) writeDraft<SellDraft>(SELL_DRAFT, { cart, contactId, discount });
    else removeDraft(SELL_DRAFT);
  }, [cart, contactId, discount]);
  const [paying, setPaying] = useState(false);
  // Cancel in the payment panel gives the focus back to the button that opened it.
  const otherPayment = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current && !paying) {
      refocus.current = false;
      otherPayment.current?.focus();
    }
  }, [paying]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<SavedSale | null>(null);
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  // The order box and core's parser load on first use, not with the screen (issue 29).
  const [OrderBox, setOrderBox] = useState<ComponentType<SellOrderBoxProps> | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [openingBox, setOpeningBox] = useState(false);
  const taxes = useMemo(() => defaultTaxes(fees), [fees]);
  // A kept cart sells the items as they are now: a price changed since is the new one, an item removed is left out
  // (a line read from an order that names no catalog item stays as written).
  const refreshed = useRef(kept === null);
  useEffect(() => {
    if (refreshed.current || !catalog) return;
    refreshed.current = true;
    const now = new Map(catalog.filter((i) => i.active !== false).map((i) => [i.id, i]));
    setCart((c) => c.flatMap((l) => (l.adhoc ? [l] : now.has(l.item.id) ? [{ ...l, item: now.get(l.item.id)! }] : [])));
  }, [catalog]);
  // The receipt's QR encoder ahead on a first visit (no service worker in control yet), once the screen has drawn.
  useQrEncoderAhead(cart.length > 0);
  useSaleFiscalAhead(cart.length > 0);
  const levels = useMemo(() => stockLevels(movements ?? []), [movements]);
  const items = useMemo(() => (catalog ?? []).filter((i) => i.active !== false).sort((a, b) => a.name.localeCompare(b.name)), [catalog]);
  const q = query.trim().toLowerCase();
  const shown = useMemo(
    () => (q ? items.filter((i) => [i.name, i.sku, i.barcode, i.description].some((v) => v && v.toLowerCase().includes(q))) : items).slice(0, 60),
    [items, q],
  );
  const checked = checkCart(cart, { fees: taxes, discount });
  const total = checked.total;
  const saleCurrency = invoiceDefaults(getCurrentUser()?.invoice_settings ?? null).currency;
  // One number of decimals on the counter (issue 23): once a price, a line or the total has kobo or cents, every amount
  // shown shows them (₦9,001.00 beside ₦675.08), as the receipt does; read over what a sale can come to, so the list
  // does not change on the first tap (t17 K3).
  const minor = useMemo(() => counterShowsMinor(items, cart, { fees: taxes, discount }, saleCurrency), [items, cart, taxes, discount, saleCurrency]);
  const money = (n: number) => formatMoney(n, saleCurrency, { minor });

  const add = (item: CatalogItem) => {
    setCart((c) => {
      const at = c.findIndex((l) => l.item.id === item.id);
      if (at < 0) return [...c, { id: crypto.randomUUID(), item, quantity: 1 }];
      return c.map((l, i) => (i === at ? { ...l, quantity: Math.min(INVOICE_LIMITS.maxQuantity, l.quantity + 1), qtyText: undefined } : l));
    });
    setQuery('');
  };
  const setQty = (id: string, quantity: number) =>
    setCart((c) =>
      quantity <= 0
        ? c.filter((l) => l.id !== id)
        : c.map((l) => (l.id === id ? { ...l, quantity: Math.min(quantity, INVOICE_LIMITS.maxQuantity), qtyText: undefined } : l)),
    );
  const typeQty = (id: string, text: string) => setCart((c) => c.map((l) => (l.id === id ? typedQuantity(l, text, language) : l)));
  /** A quantity core's line rule refuses is a field error, and no payment is taken until it is fixed (issue 28). */
  const blocked = checked.problem !== null;
  const amountProblem = checked.problem && !cart.some((l) => lineProblem(l)) ? ruleText(checked.problem) : null;
  const problemText = (l: CartLine): string | undefined => {
    const p = lineProblem(l);
    return p ? (p.code === 'invalid' ? t('quantityInvalid') : ruleText(p)) : undefined;
  };

  // While a quantity (or the amount) is refused, no amount is shown: not on that line, not on Cash (it would be the
  // last good quantity's, which the owner no longer sees in the field). The button reads "Cash" until it is fixed.
  const cashLabel = blocked ? t('methods.cash') : t('payCash', { total: money(total) });

  /** A scanned or typed code: the item with that barcode or SKU, else an offer to add one. */
  const onCode = (code: string) => {
    const k = code.trim().toLowerCase();
    const hit = items.find((i) => (i.barcode && i.barcode.toLowerCase() === k) || (i.sku && i.sku.toLowerCase() === k));
    if (hit) add(hit);
    else setUnknownCode(code.trim());
  };

  const finish = async (payments: SalePayment[]) => {
    if (!cart.length || saving || blocked) return;
    setSaving(true);
    try {
      const sale = await completeSale(cart, { contactId, discount, fees: taxes, payments }, t('walkIn'));
      // Sold: a reload on the receipt must not bring the cart back (it would be sold twice).
      sold.current = true;
      removeDraft(SELL_DRAFT);
      setDone({ ...sale, clientName: contactId ? ((contacts ?? []).find((c) => c.id === contactId)?.name ?? null) : null });
      setPaying(false);
    } catch {
      toast.error(t('failed'));
    } finally {
      setSaving(false);
    }
  };

  const openOrderBox = async () => {
    if (OrderBox) return setOrdering(true);
    setOpeningBox(true);
    try {
      const m = await import('./SellOrderBox');
      await whenTranslated(); // its own strings in French or Swahili, before it shows
      setOrderBox(() => m.default);
      setOrdering(true);
    } catch {
      toast.error(t('orderLoadFailed'));
    } finally {
      setOpeningBox(false);
    }
  };

  const reset = () => {
    sold.current = false;
    setCart([]);
    setContactId(null);
    setDiscount(null);
    setDone(null);
    setQuery('');
  };

  if (done) return <SaleReceipt sale={done} onNew={reset} />;

  return (
    <Stack gap="sm" style={{ maxWidth: 640, marginInline: 'auto' }}>
      <PageHeader title={t('title')} back={PAGES.clients} right={<Scanner onCode={onCode} />} />
      <TextInput
        aria-label={t('search')}
        placeholder={t('search')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !query.trim()) return;
          if (shown.length === 1) add(shown[0]);
          else onCode(query);
        }}
      />
      {/* The order box and the day's cash-up (t21 P4) on one row; the box opens full width below. */}
      <Group justify="space-between" gap="xs">
        {!(ordering && OrderBox) && (
          <Button variant="subtle" size="compact-sm" loading={openingBox} onClick={() => void openOrderBox()} data-testid="sell-order-open">
            {t('orderOpen')}
          </Button>
        )}
        <Button component={Link} to={PAGES.cashUp} variant="subtle" size="compact-sm" ml="auto" data-testid="sell-cash-up">
          {tc('open')}
        </Button>
      </Group>
      {ordering && OrderBox && (
        <OrderBox
          items={items}
          contacts={(contacts ?? []).filter((c) => !c.archived)}
          currency={saleCurrency}
          taxes={taxes}
          onClose={() => setOrdering(false)}
          onAdd={(merge, client) => {
            setCart(merge);
            if (client) setContactId(client);
            setOrdering(false);
          }}
        />
      )}
      {unknownCode && <AddByCode code={unknownCode} currency={saleCurrency} onClose={() => setUnknownCode(null)} onAdded={add} />}
      {/* Nothing to sell yet: say where to add the items, with the way there (t21 section 9). */}
      {catalog && !items.length && (
        <Stack gap="xs" align="flex-start" data-testid="sell-no-items">
          <Text c="dimmed">{t('noItems')}</Text>
          <Button component={Link} to={PAGES.catalogTab} variant="light">
            {t('openCatalog')}
          </Button>
        </Stack>
      )}
      {q && !shown.length && (
        <Group gap="xs">
          <Text c="dimmed">{t('noMatch', { q: query.trim() })}</Text>
          <Button size="compact-sm" variant="light" onClick={() => setUnknownCode(query.trim())}>
            {t('addWithCode')}
          </Button>
        </Group>
      )}
      <div role="list" aria-label={t('itemsList')} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}>
        {shown.map((item) => {
          const level = levels.get(item.id) ?? 0;
          const state = item.track_stock ? stockState(level, item.low_stock_level) : 'ok';
          const stockText = item.track_stock ? (level > 0 ? t('inStock', { n: level }) : t('outOfStock')) : null;
          // At or below the item's low-stock level (core's stockState), the tile says so in words, not only in red (t21 P2).
          const low = state === 'low' && level > 0 ? t('lowStock') : null;
          // A real button inside each list item (t19 Y1: role="listitem" on the button hid that it is a button), named
          // with what the tile shows: "Zobo drink, ₦500.00, out of stock".
          return (
            <div role="listitem" key={item.id}>
              <UnstyledButton
                w="100%"
                h="100%"
                onClick={() => add(item)}
                aria-label={[item.name, money(item.unit_price), stockText, low?.toLocaleLowerCase(language)].filter(Boolean).join(', ')}
                data-testid="sell-item"
              >
                <Paper withBorder p="xs" radius="md" h="100%" style={{ minHeight: 64 }}>
                  <Text fw={600} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Text>
                  <Text size="sm">{money(item.unit_price)}</Text>
                  {stockText && (
                    <Text size="xs" c={state === 'ok' ? 'dimmed' : 'red'}>
                      {stockText}
                    </Text>
                  )}
                  {low && (
                    <Badge size="xs" color="red" variant="light" mt={2} data-testid="sell-item-low">
                      {low}
                    </Badge>
                  )}
                </Paper>
              </UnstyledButton>
            </div>
          );
        })}
      </div>

      {(cart.length > 0 || items.length > 0) && (
        <Paper withBorder p="sm" radius="md" aria-label={t('cart')} component="section">
          {!cart.length && items.length > 0 && <Text c="dimmed">{t('empty')}</Text>}
          <Stack gap={6}>
            {cart.map((l) => {
              const problem = problemText(l);
              return (
                <div key={l.id}>
                  <Group gap={6} wrap="nowrap" data-testid="cart-line">
                    <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {l.item.name}
                    </Text>
                    <ActionIcon variant="light" aria-label={t('less', { name: l.item.name })} onClick={() => setQty(l.id, l.quantity - 1)}>
                      −
                    </ActionIcon>
                    <TextInput
                      aria-label={t('quantity', { name: l.item.name })}
                      value={l.qtyText ?? formatQuantity(l.quantity, language)}
                      w={56}
                      inputMode="decimal"
                      error={!!problem}
                      aria-describedby={problem ? `qty-problem-${l.id}` : undefined}
                      onChange={(e) => typeQty(l.id, e.currentTarget.value)}
                    />
                    <ActionIcon variant="light" aria-label={t('more', { name: l.item.name })} onClick={() => setQty(l.id, l.quantity + 1)}>
                      +
                    </ActionIcon>
                    <Text size="sm" w={90} ta="right" data-testid="line-amount">
                      {problem ? '—' : money(Math.round(l.quantity * linePrice(l)))}
                    </Text>
                  </Group>
                  {problem && (
                    <Text size="xs" c="red" id={`qty-problem-${l.id}`} role="alert" ta="right">
                      {problem}
                    </Text>
                  )}
                </div>
              );
            })}
          </Stack>
          {amountProblem && (
            <Text size="sm" c="red" role="alert" mt={6} data-testid="cart-problem">
              {amountProblem}
            </Text>
          )}
          {cart.length > 0 && (
            <Stack gap={6} mt="sm">
              <NativeSelect
                label={t('client')}
                value={contactId ?? ''}
                onChange={(e) => setContactId(e.currentTarget.value || null)}
                data={[
                  { value: '', label: t('walkIn') },
                  ...withoutWalkIn(contacts ?? [])
                    .filter((c) => !c.archived)
                    .map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
              <DiscountField value={discount} onChange={setDiscount} currency={saleCurrency} />
              {!blocked && checked.taxes.added !== 0 && (
                <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="cart-taxes-added">
                  <Text size="sm">{checked.taxes.addedNames || t('total')}</Text>
                  <Text size="sm">{money(checked.taxes.added)}</Text>
                </Group>
              )}
            </Stack>
          )}
        </Paper>
      )}

      {paying && cart.length > 0 && !blocked && (
        <PaymentPanel
          total={total}
          currency={saleCurrency}
          saving={saving}
          onPay={finish}
          roundOffer={(p) => counterWholeShillings(cart, { fees: taxes, discount }, p, saleCurrency)}
          onRound={setDiscount}
          onCancel={() => {
            refocus.current = true;
            setPaying(false);
          }}
        />
      )}

      {cart.length > 0 && !paying && (
        <Paper
          shadow="md"
          p="sm"
          style={{ position: 'sticky', bottom: 'calc(var(--app-shell-footer-offset, 0px) + 4px)', zIndex: 20 }}
          aria-label={t('total')}
          component="section"
        >
          <Group justify="space-between" wrap="wrap" gap="xs" style={{ maxWidth: 640, marginInline: 'auto' }}>
            <Button ref={otherPayment} variant="default" onClick={() => setPaying(true)} disabled={blocked} style={{ flex: '1 1 auto' }}>
              {t('otherPayment')}
            </Button>
            <Button
              size="md"
              loading={saving}
              disabled={blocked}
              onClick={() => void finish([{ method: 'cash', amount: total }])}
              data-testid="pay-cash"
              style={{ flex: '1 1 auto' }}
            >
              {cashLabel}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
