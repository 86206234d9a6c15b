import './sellOrderStrings';
import {
  contactPermalink,
  counterExample,
  formatDate,
  formatMoney,
  formatQuantity,
  type InvoiceFeeInput,
  type OrderDraft,
  parseOrder,
  showsMinorUnits,
} from '@duka/core';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { type CatalogItem, type Contact, saveRecord } from '../../data/db';
import { todayForBusiness } from '../../data/today';
import { getCurrentUser } from '../../data/user';
import { countryNameOf } from '../../ui/dial';
import { useLanguage, useStrings } from '../../i18n';
import { MoneyInput } from '../../ui/MoneyInput';
import { toast } from '../../ui/toast';
import { orderContext } from '../orders/draft';
import { useSpeech } from '../orders/speech';
import { OrderRemainder, OrderWords } from '../orders/OrderWords';
import { mergeIntoCart, needsPrice, orderCartLines } from './order';
import { type CartLine, cartTotal } from './sale';

export interface SellOrderBoxProps {
  items: CatalogItem[];
  contacts: Contact[];
  currency: string;
  taxes: InvoiceFeeInput[];
  onAdd: (merge: (cart: CartLine[]) => CartLine[], contactId: string | null) => void;
  onClose: () => void;
}

/**
 * "Type or say the order" on the Sell screen (issue 29), loaded on first use: core's parser reads the words on the
 * device (offline, no credit), the owner checks the lines, and only then do they go into the cart.
 */
export default function SellOrderBox({ items, contacts, currency, taxes, onAdd, onClose }: SellOrderBoxProps) {
  const { t } = useStrings('sellOrder');
  const language = useLanguage();
  // The example in the owner's own country: a local name, and bread at its price there (else the language's own).
  const example = counterExample(countryNameOf(getCurrentUser()), language);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  const [prices, setPrices] = useState<Map<number, number>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);

  const readText = useCallback(
    (value: string) => {
      if (!value.trim()) {
        setError(t('empty'));
        setDraft(null);
        return;
      }
      setError(null);
      setPrices(new Map());
      // No fees: a sale takes the business's default taxes; a "delivery 1k" in the words is sold as a line.
      setDraft(parseOrder(value, orderContext(items, contacts, [], currency, todayForBusiness(), countryNameOf(getCurrentUser()))));
    },
    [items, contacts, currency, t],
  );
  const speech = useSpeech(
    language,
    useCallback(
      (value: string) => {
        setText(value);
        readText(value);
      },
      [readText],
    ),
    useCallback(() => setError(t('heardNothing')), [t]),
  );

  const lines = useMemo(() => (draft ? orderCartLines(draft, byId, prices) : []), [draft, byId, prices]);
  const missing = draft ? draft.lines.some((l, i) => needsPrice(l, byId) && !prices.has(i)) : false;
  // One number of decimals in the box (issue 23): every amount shows kobo or cents once one has them.
  const minor = showsMinorUnits(
    [
      ...(draft?.lines ?? []).map((l) => l.unit_price ?? (l.catalog_id ? byId.get(l.catalog_id)?.unit_price : null)),
      cartTotal(lines, { fees: taxes, discount: null }),
    ],
    currency,
  );
  const money = (n: number) => formatMoney(n, currency, { minor });

  const add = async () => {
    if (!draft || missing || !lines.length) return;
    let contactId = draft.client?.contact_id ?? null;
    if (draft.client && !contactId) {
      const id = crypto.randomUUID();
      const name = draft.client.name.trim();
      await saveRecord('contacts', { id, name, permalink: contactPermalink(name, id), email: '', phone: '', country: countryNameOf(getCurrentUser()) });
      contactId = id;
    }
    onAdd((cart) => mergeIntoCart(cart, lines), contactId);
    toast.success(t('added'));
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('open')} data-testid="sell-order-box">
      <Stack gap="xs">
        <OrderWords
          label={t('open')}
          description={example ? t('hintFor', { example }) : t('hint')}
          value={text}
          error={error}
          maxRows={5}
          autoFocus
          onChange={(value) => {
            setText(value);
            setDraft(null);
          }}
          speech={speech}
          speak={t('speak')}
          stopListening={t('stopListening')}
          listening={t('listening')}
        />
        {!draft && (
          <Group grow gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button variant="light" onClick={() => readText(text)}>
              {t('read')}
            </Button>
          </Group>
        )}
        {draft && (
          <Stack gap={6} role="region" aria-label={t('reviewTitle')} data-testid="sell-order-review">
            <Text fw={700}>{t('reviewTitle')}</Text>
            {draft.client && (
              <Text size="sm" data-testid="sell-order-client">
                <Text span c="dimmed">
                  {t('clientLabel')}{' '}
                </Text>
                {draft.client.contact_id ? draft.client.name : t('newClient', { name: draft.client.name })}
              </Text>
            )}
            {!draft.lines.length && (
              <Text size="sm" c="orange">
                {t('noLines')}
              </Text>
            )}
            {draft.lines.map((l, i) => {
              const item = l.catalog_id ? byId.get(l.catalog_id) : undefined;
              const name = item?.name ?? l.description;
              const price = l.unit_price ?? item?.unit_price ?? null;
              return (
                <Stack key={i} gap={2} data-testid="sell-order-line">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {formatQuantity(l.quantity)} × {name}
                      </Text>
                      <Badge size="xs" variant="light" color={item ? 'teal' : 'gray'}>
                        {item ? t('catalogItem') : t('newItem')}
                      </Badge>
                    </Stack>
                    {price !== null && (
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {money(price)}
                      </Text>
                    )}
                  </Group>
                  {needsPrice(l, byId) && (
                    <MoneyInput
                      label={t('price', { name })}
                      currency={currency}
                      value={prices.get(i) ?? null}
                      onChange={(v) =>
                        setPrices((p) => {
                          const next = new Map(p);
                          if (v && v > 0) next.set(i, v);
                          else next.delete(i);
                          return next;
                        })
                      }
                    />
                  )}
                </Stack>
              );
            })}
            {draft.due_date && (
              <Text size="sm" c="dimmed">
                {t('due', { date: formatDate(draft.due_date) })}
              </Text>
            )}
            <OrderRemainder words={draft.remainder} title={t('remainder')} testId="sell-order-remainder" />
            {missing && (
              <Text size="sm" c="orange">
                {t('priceNeeded')}
              </Text>
            )}
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{t('adds')}</Text>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="sell-order-total">
                {money(cartTotal(lines, { fees: taxes, discount: null }))}
              </Text>
            </Group>
            {/* One button a row: on a 360 px phone two side by side would cut their words. */}
            <Button onClick={() => void add()} disabled={missing || !lines.length}>
              {t('add')}
            </Button>
            <Button variant="default" onClick={() => setDraft(null)}>
              {t('change')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
