import '../../orders/strings';
import { formatDate, formatMoney, formatQuantity, type OrderDraft, orderExample, orderTotals, parseOrder, showsMinorUnits } from '@duka/core';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../data/api';
import { useRecords } from '../../../data/sync/hooks';
import { todayForBusiness } from '../../../data/today';
import { useCurrentUser } from '../../../data/user';
import { useLanguage, useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { countryNameOf } from '../../../ui/dial';
import { feeInput, userInvoiceDefaults } from '../lib/data';
import { orderContext, withDefaultFees } from '../../orders/draft';
import { createDraftInvoice } from '../lib/orderDraft';
import { useSpeech } from '../../orders/speech';
import { OrderRemainder, OrderWords } from '../../orders/OrderWords';
import { pagePaths } from '../../../paths';

/**
 * The invoice editor's code (the new-invoice route's own chunk): asked for as soon as an order is read, so "Create draft
 * invoice" opens the editor even when the signal drops in between (t14 D7). Offline, the service worker serves it.
 */
const loadEditor = () => import('../pages/NewInvoicePage');

interface Read {
  draft: OrderDraft;
  /** How long the parser took on this device (shown to tests as data-parse-ms). */
  ms: number;
  /** Who read it: core's parser on this device, or the server's AI model (POST /orders/draft, when online). */
  source: 'device' | 'model';
  /** The server's model is still being asked; the device's reading is shown meanwhile. */
  asking: boolean;
}

/**
 * "Type or say the order" (issue 29): the order is read on this device by core's parser (no network, no credit),
 * shown for review, and saved as a draft invoice only when the owner says so.
 */
export function OrderBox() {
  const { t } = useStrings('orders');
  const language = useLanguage();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const catalog = useRecords('catalogs');
  const contacts = useRecords('contacts');
  const feeRecords = useRecords('fees');
  const [text, setText] = useState('');
  const [read, setRead] = useState<Read | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const asked = useRef(0);
  const fees = useMemo(() => (feeRecords ?? []).map(feeInput), [feeRecords]);
  const defaultOn = useMemo(() => new Set((feeRecords ?? []).filter((f) => f.default_on).map((f) => f.id)), [feeRecords]);

  const loaded = !!catalog && !!contacts && !!feeRecords;
  // The example in the owner's own country: its goods, names and prices (else the language's own example).
  const example = orderExample(countryNameOf(user), language);
  // The parser's code is run once while the owner types, so the first real reading is not slowed by the browser
  // compiling it (a cheap phone at 4× slowdown reads an order in well under 50 ms once warm).
  useEffect(() => {
    if (!loaded) return;
    const id = setTimeout(() => parseOrder('2 caps 3k each, 1 dress for Ada, delivery 1k, due Friday', orderContext([], [], [], 'NGN', '2026-01-01')), 50);
    return () => clearTimeout(id);
  }, [loaded]);

  const readText = useCallback(
    (value: string) => {
      if (!value.trim()) {
        setError(t('empty'));
        setRead(null);
        return;
      }
      setError(null);
      const ctx = orderContext(catalog ?? [], contacts ?? [], fees, userInvoiceDefaults().currency, todayForBusiness(), countryNameOf(user));
      const t0 = performance.now();
      const draft = parseOrder(value, ctx);
      const ms = performance.now() - t0;
      const online = navigator.onLine;
      void loadEditor().catch(() => undefined);
      const run = ++asked.current;
      setRead({ draft: withDefaultFees(draft, fees, defaultOn), ms, source: 'device', asking: online });
      if (!online) return;
      // Online, the server's AI model (AI_BASE_URL) may read it better; without one, or when it fails, the server
      // answers its own parser's reading and the device's stays. A newer reading or an edit drops this answer.
      const settle = (model: OrderDraft | null) => {
        if (run !== asked.current) return;
        setRead((r) => r && (model ? { ...r, draft: withDefaultFees(model, fees, defaultOn), source: 'model', asking: false } : { ...r, asking: false }));
      };
      api('POST /orders/draft', { body: { text: value }, timeoutMs: 16_000 }).then(
        (answer) => settle(answer.source === 'model' ? answer.draft : null),
        () => settle(null),
      );
    },
    [catalog, contacts, fees, defaultOn, t, user],
  );
  const heard = useCallback(
    (value: string) => {
      setText(value);
      readText(value);
    },
    [readText],
  );
  const speech = useSpeech(
    language,
    heard,
    useCallback(() => setError(t('heardNothing')), [t]),
  );

  async function create() {
    if (!read) return;
    setSaving(true);
    try {
      const inv = await createDraftInvoice(read.draft, fees, countryNameOf(user));
      setText('');
      setRead(null);
      // The draft is saved either way. When the editor's code cannot be had (offline before it was ever loaded, and no
      // service worker yet), the owner stays here and is told where the draft waits, rather than on a broken page.
      if (
        await loadEditor().then(
          () => true,
          () => false,
        )
      ) {
        toast.success(t('created', { number: inv.number }));
        navigate(pagePaths.newInvoice({ id: inv.id }));
      } else toast.success(t('createdOffline', { number: inv.number }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder padding="sm" data-testid="order-box">
      <Stack gap="xs">
        <OrderWords
          label={t('boxLabel')}
          description={example ? t('boxHintFor', { example }) : t('boxHint')}
          value={text}
          error={error}
          maxRows={6}
          onChange={(value) => {
            setText(value);
            setRead(null);
          }}
          speech={speech}
          speak={t('speak')}
          stopListening={t('stopListening')}
          listening={t('listening')}
        />
        {!read && (
          <Button variant="light" onClick={() => readText(text)} disabled={!loaded}>
            {t('read')}
          </Button>
        )}
        {read && <Review read={read} fees={fees} saving={saving} onCreate={() => void create()} onChange={() => setRead(null)} />}
      </Stack>
    </Card>
  );
}

function Review({
  read,
  fees,
  saving,
  onCreate,
  onChange,
}: {
  read: Read;
  fees: ReturnType<typeof feeInput>[];
  saving: boolean;
  onCreate: () => void;
  onChange: () => void;
}) {
  const { t } = useStrings('orders');
  const { draft } = read;
  const totals = useMemo(() => orderTotals(draft, fees), [draft, fees]);
  // One number of decimals in the review (issue 23): every amount shows kobo or cents once one has them.
  const minor = showsMinorUnits([...draft.lines.map((l) => l.unit_price), ...totals.fees.map((f) => f.amount), totals.total_due], draft.currency);
  const money = (n: number) => formatMoney(n, draft.currency, { minor });
  return (
    <Stack gap={6} role="region" aria-label={t('reviewTitle')} data-testid="order-review" data-parse-ms={read.ms.toFixed(2)}>
      <Text fw={700}>{t('reviewTitle')}</Text>
      <Text size="xs" c="dimmed" data-testid="order-source" role="status">
        {read.asking ? t('asking') : read.source === 'model' ? t('byModel') : t('byDevice')}
      </Text>
      <Text size="sm" data-testid="order-client">
        <Text span c="dimmed">
          {t('clientLabel')}{' '}
        </Text>
        {draft.client ? (draft.client.contact_id ? draft.client.name : t('newClient', { name: draft.client.name })) : t('noClient')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('lines')}
      </Text>
      {draft.lines.length === 0 && (
        <Text size="sm" c="orange">
          {t('noLines')}
        </Text>
      )}
      {draft.lines.map((l, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" gap="xs" data-testid="order-line" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {formatQuantity(l.quantity)} × {l.description}
            </Text>
            <Group gap={4}>
              <Badge size="xs" variant="light" color={l.catalog_id ? 'teal' : 'gray'}>
                {l.catalog_id ? t('catalogItem') : t('newItem')}
              </Badge>
              {l.unit_price === null && (
                <Text size="xs" c="orange">
                  {t('noPrice')}
                </Text>
              )}
              {l.rounded && (
                <Text size="xs" c="dimmed">
                  {t('rounded')}
                </Text>
              )}
            </Group>
          </Stack>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {l.unit_price === null ? '—' : `${money(l.unit_price)}`}
          </Text>
        </Group>
      ))}
      {totals.fees.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('fees')}
          </Text>
          {totals.fees.map((f) => (
            <Group key={f.fee_id} justify="space-between" wrap="nowrap" gap="xs" data-testid="order-fee">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {f.name}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {money(f.amount)}
              </Text>
            </Group>
          ))}
        </>
      )}
      <Text size="sm" data-testid="order-due">
        <Text span c="dimmed">
          {t('dueLabel')}{' '}
        </Text>
        {draft.due_date ? formatDate(draft.due_date) : t('noDue')}
      </Text>
      <OrderRemainder words={draft.remainder} title={t('remainder')} testId="order-remainder" />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('total')}</Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
          {money(totals.total_due)}
        </Text>
      </Group>
      {/* One button a row: on a 360 px phone two side by side would cut their words. */}
      <Stack gap="xs">
        <Button onClick={onCreate} loading={saving}>
          {t('create')}
        </Button>
        <Button variant="default" onClick={onChange}>
          {t('change')}
        </Button>
      </Stack>
    </Stack>
  );
}
