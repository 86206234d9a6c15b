import '../catalog/strings';
import {
  DEFAULT_CURRENCY,
  formatDate,
  formatMoney,
  lowStockRows,
  STOCK_MOVEMENT_KINDS,
  stockAdjustmentBody,
  stockLevels,
  stockLevelsCsv,
  stockRows,
  type StockRow,
} from '@duka/core';
import { Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { api } from '../../data/api';
import { saveRecord } from '../../data/db';
import { syncEngine } from '../../data/sync/engine';
import { errorMessage } from '../../ui/errors';
import { useRecords } from '../../data/sync/hooks';
import { parseInvoiceSettings, useCurrentUser } from '../../data/user';
import { useStrings } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { PAGES } from '../../paths';

/** /stock: levels of the items that track stock (sum of movements on this device), low stock, value, history, adjust. */
export default function StockPage() {
  const { t } = useStrings('catalog');
  const items = useRecords('catalogs');
  const movements = useRecords('stock_movements');
  const currency = parseInvoiceSettings(useCurrentUser()).currency ?? DEFAULT_CURRENCY;
  const [lowOnly, setLowOnly] = useState(false);
  const [open, setOpen] = useState<{ row: StockRow; mode: 'history' | 'adjust' } | null>(null);
  const rows = useMemo(() => stockRows(items ?? [], stockLevels(movements ?? [])), [items, movements]);
  const shown = lowOnly ? lowStockRows(rows) : rows;
  const total = rows.reduce((s, r) => s + r.value, 0);
  // The value is at cost price: items in stock without one count for nothing, and the page says so (t24 F4).
  const noCost = rows.filter((r) => r.level > 0 && r.cost_price <= 0).length;
  const download = () => {
    const blob = new Blob([stockLevelsCsv(rows, currency)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'stock-levels.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <Stack gap="sm">
      <PageHeader
        title={t('stock.title')}
        back={PAGES.catalogTab}
        right={
          <>
            <OpeningImport />
            <Button variant="default" onClick={download} disabled={!rows.length}>
              {t('stock.exportCsv')}
            </Button>
          </>
        }
      />
      {items && !rows.length && <Text c="dimmed">{t('stock.empty')}</Text>}
      {!!rows.length && (
        <Group justify="space-between">
          <Switch label={t('stock.lowOnly')} checked={lowOnly} onChange={(e) => setLowOnly(e.currentTarget.checked)} />
          <Text fw={600}>{t('stock.value', { value: formatMoney(total, currency) })}</Text>
        </Group>
      )}
      {noCost > 0 && (
        <Text size="sm" c="dimmed" data-testid="stock-no-cost">
          {t('stock.noCost', { count: noCost })}
        </Text>
      )}
      {shown.map((r) => (
        <Paper key={r.catalog_id} withBorder p="sm" data-testid="stock-row">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0, flex: '1 1 160px' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {r.name}
              </Text>
              <Badge color={r.state === 'ok' ? 'gray' : 'red'} variant="light" data-testid={r.state === 'ok' ? 'stock-level' : 'low-stock'}>
                {r.state === 'negative'
                  ? t('stock.negative', { n: r.level })
                  : r.state === 'low'
                    ? t('stock.low', { n: r.level })
                    : t('stock.level', { n: r.level })}
              </Badge>
            </div>
            <Group gap="xs">
              {/* Named with the item (t21 Y6): a screen reader tabbing through the rows hears whose stock each one is. */}
              <Button size="xs" variant="light" aria-label={t('stock.historyOf', { name: r.name })} onClick={() => setOpen({ row: r, mode: 'history' })}>
                {t('stock.history')}
              </Button>
              <Button size="xs" aria-label={t('stock.adjustTitle', { name: r.name })} onClick={() => setOpen({ row: r, mode: 'adjust' })}>
                {t('stock.adjust')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {open?.mode === 'history' && <History row={open.row} onClose={() => setOpen(null)} />}
      {open?.mode === 'adjust' && <Adjust row={open.row} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function History({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const { t } = useStrings('catalog');
  const movements = useRecords('stock_movements');
  const list = useMemo(
    () => (movements ?? []).filter((m) => m.catalog_id === row.catalog_id).sort((a, b) => b.occurred_at.localeCompare(a.occurred_at)),
    [movements, row.catalog_id],
  );
  return (
    <Modal opened onClose={onClose} title={`${row.name} · ${t('stock.history')}`} centered>
      <Table>
        <Table.Tbody>
          {list.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(m.occurred_at)}</Table.Td>
              <Table.Td>
                {t(`stock.kinds.${m.kind}`)}
                {m.reason ? ` · ${m.reason}` : ''}
              </Table.Td>
              <Table.Td ta="right">{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function Adjust({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const { t } = useStrings('catalog');
  const [kind, setKind] = useState<'adjustment' | 'received' | 'opening'>('adjustment');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = stockAdjustmentBody.safeParse({ catalog_id: row.catalog_id, kind, quantity: Number(quantity.replace(',', '.')), reason });
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const i of parsed.error.issues) errs[String(i.path[0] ?? 'quantity')] ??= i.message;
      setErrors(errs);
      return;
    }
    const b = parsed.data;
    await saveRecord('stock_movements', {
      id: crypto.randomUUID(),
      catalog_id: b.catalog_id,
      kind: b.kind,
      quantity: b.quantity,
      reason: b.reason,
      invoice_id: null,
      occurred_at: new Date().toISOString(),
    });
    toast.success(t('stock.saved'));
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t('stock.adjustTitle', { name: row.name })} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label={t('stock.kind')}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as typeof kind)}
            data={STOCK_MOVEMENT_KINDS.filter((k) => k === 'adjustment' || k === 'received' || k === 'opening').map((k) => ({
              value: k,
              label: t(`stock.kinds.${k}`),
            }))}
          />
          <TextInput
            label={t('stock.quantity')}
            inputMode="decimal"
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            error={errors.quantity}
            required
          />
          <TextInput
            label={t('stock.reason')}
            placeholder={t('stock.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('stock.close')}
            </Button>
            <Button type="submit">{t('stock.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Opening stock from a CSV file (name or sku, quantity, cost_price): the server adds the movements, which then sync here. */
function OpeningImport() {
  const { t } = useStrings('catalog');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<Array<{ line: number; message: string }>>([]);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await api('POST /stock/opening', { body: { csv: await file.text() } });
      setProblems(res.errors);
      toast.success(t('stock.imported', { count: res.created }));
      void syncEngine.sync();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* A real button that opens the file picker (t21 Y5: a label styled as a button was skipped by Tab). */}
      <Button variant="default" loading={busy} onClick={() => file.current?.click()} data-testid="opening-csv-button">
        {t('stock.importCsv')}
      </Button>
      <input
        ref={file}
        type="file"
        accept=".csv,text/csv"
        hidden
        tabIndex={-1}
        data-testid="opening-csv"
        onChange={(e) => {
          void pick(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {problems.length > 0 && (
        <Modal opened onClose={() => setProblems([])} title={t('stock.importProblems')} centered>
          <Stack gap={4}>
            {problems.map((p) => (
              <Text key={`${p.line}-${p.message}`} size="sm">
                {t('stock.line', { line: p.line, message: p.message })}
              </Text>
            ))}
          </Stack>
        </Modal>
      )}
    </>
  );
}
