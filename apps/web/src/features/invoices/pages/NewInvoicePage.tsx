import '../strings';
import '../refusedStrings';
import { chargesChanged } from '../lib/charges';
import {
  documentShowsMinor,
  finishCommand,
  formatMoney,
  type InvoiceKind,
  isBilledKind,
  minorToInput,
  parseInvoiceSettingsString,
  wholeShillingsDiscount,
} from '@duka/core';
import { Box, Button, Card, Center, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { liveQuery } from 'dexie';
import { type CatalogItem, type Contact, db, type Fee } from '../../../data/db';
import { useLocal, useRecord, useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectCustomerModal } from '../../../ui/SelectCustomerModal';
import { toast } from '../../../ui/toast';
import { DraftNotice } from '../../../ui/drafts/DraftNotice';
import { useFormDraft, useRestoredDraft } from '../../../ui/drafts/useFormDraft';
import { FiscalEditGuard } from '../components/FiscalEditGuard';
import { CatalogPickerModal } from '../components/CatalogPickerModal';
import { EditorSettings } from '../components/EditorSettings';
import { InvoicePartPaySelect } from '../../partpay/PartPaySettings';
import { useCurrentUser } from '../../../data/user';
import { LinesEditor } from '../components/LinesEditor';
import { NewClientModal } from '../components/NewClientModal';
import { TotalsPanel } from '../components/TotalsPanel';
import { wholeShillingRails, WholeShillingsOffer } from '../components/WholeShillingsNotice';
import { allocateNumber, blankInvoice, collectionPulled, feeInput, knownNextNumber, saveInvoice } from '../lib/data';
import {
  applyEditor,
  editorDiscount,
  type EditorLine,
  type EditorState,
  editorMathInput,
  editorTotals,
  mathLines,
  toEditorState,
  validateEditor,
} from '../lib/editor';
import { asInvoice, type Invoice } from '../lib/model';
import { PAGES, pagePaths } from '../../../paths';

/** new-invoice: create or edit (?id=) an invoice or a quote (?kind=quote). Saves on the device first. */
export default function NewInvoicePage() {
  const { t } = useStrings('invoices');
  const [params] = useSearchParams();
  const editId = params.get('id');
  const newKind: InvoiceKind = params.get('kind') === 'quote' ? 'quote' : 'invoice';
  // The contact page links to /new-invoice?contact=<id> to start an invoice for that client.
  const contactId = params.get('contact');
  const record = useRecord('invoices', editId);
  const fees = useRecords('fees');
  const number = useLocal(() => (editId ? null : allocateNumber(newKind)), [editId, newKind]);

  // A link (?id=) opened before the device's first sync brought the invoices (a new phone): the invoice may be on its
  // way, so the editor waits for it; "not found" only once the invoices were pulled (issue 23). A new invoice reads none
  // of this: what opens it must not change later (a new start would remount the form, losing what is being typed).
  const invoicesPulled = useLocal(() => (editId ? collectionPulled('invoices') : true), [editId]);
  const linked = !editId ? 'none' : record ? 'found' : record === null && invoicesPulled === true ? 'missing' : 'waiting';
  const waitingForSync = linked === 'waiting' && record === null && invoicesPulled === false;
  const feesLoaded = fees !== undefined;
  const numberLoaded = number !== undefined;
  // The stored invoice, or a blank one numbered from the user's series with the default-on fees.
  const start = useMemo(() => {
    if (!fees || number === undefined || linked === 'waiting') return undefined;
    const all = fees.map(feeInput);
    if (editId) {
      if (!record) return null;
      const inv = asInvoice(record);
      return { base: inv, state: toEditorState({ ...inv, fees: mergeFees(inv.fees, all) }) };
    }
    const on = new Set(fees.filter((f) => f.default_on).map((f) => f.id));
    const inv = {
      ...blankInvoice(
        newKind,
        number ?? '',
        all.filter((f) => on.has(f.id)),
      ),
      contact_id: contactId,
    };
    return { base: inv, state: toEditorState({ ...inv, fees: all }) };
    // Only the first complete load counts: later changes (e.g. this editor's own save) must not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [feesLoaded, numberLoaded, linked, editId, newKind]);

  if (start === null) {
    return (
      <>
        <PageHeader title={t('editInvoice')} back={PAGES.invoices} />
        <Text role="alert">{t('notFound', { context: newKind })}</Text>
      </>
    );
  }
  if (!start) {
    return (
      <Center py="xl" aria-busy="true" aria-label={t('loading')}>
        <Stack align="center" gap="xs">
          <Loader />
          {waitingForSync && (
            <Text size="sm" c="dimmed" ta="center" data-testid="waiting-first-sync">
              {t('waitingFirstSync', { context: newKind })}
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  // An invoice KRA signed is not edited (issue 26): the guard says why and offers its credit note instead.
  return (
    <FiscalEditGuard invoice={editId ? start.base : null} title={t('editInvoice')}>
      <Editor key={start.base.id} initialBase={start.base} initialState={start.state} isEdit={!!editId} />
    </FiscalEditGuard>
  );
}

function Editor({ initialBase, initialState, isEdit }: { initialBase: Invoice; initialState: EditorState; isEdit: boolean }) {
  const { t } = useStrings('invoices');
  const { t: tr } = useStrings('refused');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const contacts = useRecords('contacts');
  const base = initialBase;
  const creditedLocked = isEdit && (base.credited_total ?? 0) > 0;
  // What was typed is kept on this device until saved or discarded (issue 23): one draft per invoice, one for a new one of each kind.
  const draftKey = isEdit ? `invoice:${base.id}` : `${base.kind}:new`;
  const restored = useRestoredDraft<EditorState>(draftKey);
  const [state, setState] = useState<EditorState>(restored?.value ?? initialState);
  // What the form opened with; what differs from it is what was typed (kept as a draft).
  const [baseline, setBaseline] = useState(initialState);
  // A new invoice opened before the first sync brought the Fees tab (issue 23): the fees join when they arrive, in
  // what it opened with and in the form alike, as if it had opened with them; what was typed stays what was typed.
  // It listens to the Fees tab only while the form opened with none (or its kept draft was typed before they came);
  // the sync's write is one change, both follow it.
  const feesPulled = useLocal(() => collectionPulled('fees'), []);
  const waitsForFees = !isEdit && (initialState.fees.length === 0 || restored?.value.fees?.length === 0);
  useEffect(() => {
    if (!waitsForFees) return;
    const sub = liveQuery(() => db.fees.toArray()).subscribe((fees) => {
      if (!fees.length) return;
      setBaseline((b) => (b.fees.length ? b : withFees(b, fees)));
      setState((s) => (s.fees.length ? s : withFees(s, fees)));
    });
    return () => sub.unsubscribe();
  }, [waitsForFees]);
  const draft = useFormDraft(
    draftKey,
    state,
    baseline,
    restored,
    useCallback(() => setState(baseline), [baseline]),
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [modal, setModal] = useState<'customer' | 'client' | 'catalog' | 'wholeShillings' | null>(null);
  const editId = isEdit ? base.id : null;
  // Before the device's first sync the next number is not known (issue 23): the title names none until the sync
  // brings the account's invoices; then it names the next one, kept (this editor's own save must not move it on).
  const next = useLocal(() => (isEdit ? null : knownNextNumber(base.kind)), [isEdit, base.kind]);
  const [titled, setTitled] = useState<string | null>(null);
  if (!isEdit && next && titled === null) setTitled(next);

  const totals = useMemo(() => editorTotals(state, base.payments), [state, base]);
  // Once one amount has kobo or cents, every amount of the form shows them (issue 23 item 16; t17 N2: ₦9,001 beside ₦675.08).
  const minor = useMemo(
    () => documentShowsMinor({ currency: state.currency, lines: mathLines(state), payments: base.payments }, totals),
    [state, base, totals],
  );
  // An invoice or sale in another currency asks for its exchange rate into the business's (t19 N5).
  const home = isBilledKind(base.kind) ? parseInvoiceSettingsString(user?.invoice_settings, user?.country ?? undefined).currency : undefined;
  const errors = useMemo(() => (tried ? validateEditor(state, base.payments, home) : {}), [state, tried, base, home]);
  // t17 K0: a KES balance with cents cannot be paid by M-Pesa or Airtel Money. Signing (eTIMS) on Finish or send
  // locks the invoice, so the rounding is offered here, while it can still change: core's wholeShillingsDiscount.
  const wholeShillings = useMemo(() => {
    if (!isBilledKind(base.kind) || !wholeShillingRails(state.currency).length) return null;
    const round = wholeShillingsDiscount({ ...editorMathInput(state, base.payments), credited: base.credited_total ?? 0 });
    return round && { currency: state.currency, balance: totals.balance, discountBefore: totals.discount_total, round };
  }, [state, base, totals]);
  const rounded = (s: EditorState, discount: { value: number; rounding?: number }): EditorState => {
    const text = minorToInput(discount.value, s.currency);
    // The rounding part stays marked (saved and shown as "Rounding") while the discount reads this text.
    return { ...s, discountType: 'amount', discountText: text, discountRounding: discount.rounding ? { text, rounding: discount.rounding } : null };
  };
  const contact = useMemo(() => contacts?.find((c) => c.id === state.contact_id) ?? null, [contacts, state.contact_id]);

  const patch = useCallback((p: Partial<EditorState>) => setState((s) => ({ ...s, ...p })), []);
  const changeLine = useCallback(
    (id: string, p: Partial<EditorLine>) => setState((s) => ({ ...s, lines: s.lines.map((l) => (l.id === id ? { ...l, ...p } : l)) })),
    [],
  );
  const removeLine = useCallback((id: string) => setState((s) => ({ ...s, lines: s.lines.filter((l) => l.id !== id) })), []);
  const addLine = (l: Partial<EditorLine> = {}) =>
    setState((s) => ({ ...s, lines: [...s.lines, { id: crypto.randomUUID(), catalog_id: null, description: '', qty: '1', price: '', fee_ids: [], ...l }] }));

  // A keyboard or screen-reader user lands where the action led (t18 Y2, Y3): on the new line's first field after
  // Add line, on the first field in error after Finish or Save refused (not left on the button).
  const root = useRef<HTMLDivElement>(null);
  const [focusTo, setFocusTo] = useState<{ to: 'newLine' | 'error' } | null>(null);
  useEffect(() => {
    const page = root.current;
    if (!focusTo || !page) return;
    const lines = page.querySelectorAll('[data-testid="invoice-line"]');
    const target =
      focusTo.to === 'newLine'
        ? lines[lines.length - 1]?.querySelector<HTMLElement>('input, textarea')
        : page.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
    target?.focus();
  }, [focusTo]);

  function pickCatalog(item: CatalogItem) {
    addLine({ catalog_id: item.id, description: item.name, price: minorToInput(item.unit_price, state.currency) });
    setModal(null);
  }

  function pickCustomer(c: Contact) {
    patch({ contact_id: c.id });
    setModal(null);
  }

  /** `asIs`: Finish without the whole-shillings offer (it was shown and declined, or taken: `form` is rounded). */
  async function save(finish: boolean, form: EditorState = state, asIs = false) {
    setTried(true);
    if (Object.keys(validateEditor(form, base.payments, home)).length) {
      toast.danger(t('fixErrors'), 'sent');
      setFocusTo({ to: 'error' });
      return;
    }
    // An invoice with credit notes keeps its lines, taxes and discount (the server refuses them; t19 N6).
    if (creditedLocked && chargesChanged(base, applyEditor(base, form))) {
      toast.danger(tr('creditedLocked'), 'sent');
      return;
    }
    if (finish && !asIs && wholeShillings) {
      setModal('wholeShillings');
      return;
    }
    setModal(null);
    setSaving(true);
    try {
      let inv = applyEditor(base, form);
      if (!base.version && !editId) inv = { ...inv, number: await allocateNumber(inv.kind) };
      // Finish makes it ready, not sent: it is sent when e-mailed, shared or opened (docs/invoice-status.md).
      if (finish) inv = { ...inv, ...finishCommand(inv, undefined, new Date()).changes };
      const saved = await saveInvoice(inv);
      draft.clear();
      if (finish || saved.status !== 'draft') {
        if (finish) toast.success(t('finished', { number: saved.number, context: saved.kind }));
        navigate(pagePaths.invoice(saved.id), { replace: true });
      } else {
        toast.success(t('saved'));
        navigate(PAGES.drafts, { replace: true });
      }
    } finally {
      setSaving(false);
    }
  }

  const kind = base.kind;
  const title = editId ? (kind === 'quote' ? t('editQuote') : t('editInvoice')) : kind === 'quote' ? t('newQuote') : t('newInvoice');
  const isDraft = base.status === 'draft';

  return (
    <Stack gap="md" pb={0} ref={root}>
      <PageHeader title={editId ? `${title} · ${base.number}` : titled ? `${title} · ${titled}` : title} back={PAGES.invoices} />
      {!editId && next === null && (
        <Text size="sm" c="dimmed" data-testid="number-on-sync">
          {t('numberOnSync', { context: kind })}
        </Text>
      )}
      <DraftNotice draft={draft} />
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t('client')}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="chosen-client">
              {contact?.name ?? t('chooseClient')}
            </Text>
            {errors.contact && (
              <Text c="red" size="sm" role="alert">
                {t(errors.contact)}
              </Text>
            )}
          </Stack>
          <Button variant="light" onClick={() => setModal('customer')} style={{ flexShrink: 0 }} data-field-error={errors.contact ? '' : undefined}>
            {contact ? t('changeClient') : t('chooseClient')}
          </Button>
        </Group>
      </Card>

      <Stack gap="xs">
        <Text fw={600}>{t('lines')}</Text>
        <LinesEditor
          lines={state.lines}
          totals={totals.lines}
          currency={state.currency}
          minor={minor}
          errors={errors}
          onChange={changeLine}
          onRemove={removeLine}
        />
        {errors.lines && (
          <Text c="red" size="sm" role="alert">
            {t(errors.lines)}
          </Text>
        )}
        <Group gap="xs">
          <Button variant="light" onClick={() => setModal('catalog')}>
            {t('addFromCatalog')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              addLine();
              setFocusTo({ to: 'newLine' });
            }}
          >
            {t('addLine')}
          </Button>
        </Group>
      </Stack>

      <EditorSettings
        state={state}
        kind={kind}
        errors={errors}
        onChange={patch}
        home={home}
        fees={feesPulled === undefined ? 'loading' : feesPulled ? 'synced' : 'notSynced'}
      />

      <Card withBorder padding="sm">
        <TotalsPanel totals={totals} currency={state.currency} minor={minor} showPaid={totals.amount_paid > 0} discount={editorDiscount(state)} />
        {errors.total && (
          <Text c="red" size="sm" mt="xs" role="alert" data-testid="total-error">
            {t(errors.total, { paid: formatMoney(totals.amount_paid, state.currency, { minor }) })}
          </Text>
        )}
      </Card>
      {modal !== 'wholeShillings' && <WholeShillingsOffer offer={wholeShillings} onRound={(d) => setState((s) => rounded(s, d))} />}
      {creditedLocked && (
        <Text size="sm" c="red.8" data-testid="credited-edit-note">
          {tr('creditedLocked')}
        </Text>
      )}
      {isEdit && base.amount_paid > 0 && (
        <Text size="sm" c="dimmed" data-testid="paid-edit-note">
          {t('editPaidNote', { paid: formatMoney(base.amount_paid, base.currency) })}
        </Text>
      )}

      <Textarea
        label={t('paymentInstructions')}
        autosize
        minRows={2}
        value={state.payment_instructions}
        onChange={(e) => patch({ payment_instructions: e.currentTarget.value })}
      />
      {kind === 'invoice' && (
        <InvoicePartPaySelect
          value={state.part_payments ?? null}
          onChange={(v) => patch({ part_payments: v })}
          businessAllows={parseInvoiceSettingsString(user?.invoice_settings).part_payments === true}
        />
      )}
      <Textarea label={t('notes')} autosize minRows={2} value={state.notes} onChange={(e) => patch({ notes: e.currentTarget.value })} />
      <Textarea label={t('terms')} autosize minRows={2} value={state.terms} onChange={(e) => patch({ terms: e.currentTarget.value })} />

      {/* Sticky footer: Save / Finish stay in reach on a phone. */}
      <Box
        style={{
          position: 'sticky',
          bottom: 'var(--app-shell-footer-offset, 0px)',
          background: 'var(--mantine-color-body)',
          borderTop: '1px solid var(--mantine-color-default-border)',
          zIndex: 5,
        }}
        py="sm"
        data-testid="editor-footer"
      >
        <Group grow>
          {isDraft ? (
            <>
              <Button variant="default" onClick={() => void save(false)} loading={saving}>
                {t('saveDraft')}
              </Button>
              <Button onClick={() => void save(true)} loading={saving}>
                {t('finish')}
              </Button>
            </>
          ) : (
            <Button onClick={() => void save(false)} loading={saving}>
              {t('save')}
            </Button>
          )}
        </Group>
      </Box>

      <SelectCustomerModal
        opened={modal === 'customer'}
        onClose={() => setModal(null)}
        currentId={state.contact_id}
        onResult={(r) => (r.action === 'NEW' ? setModal('client') : pickCustomer(r.customer))}
      />
      <NewClientModal opened={modal === 'client'} onClose={() => setModal(null)} onCreated={pickCustomer} />
      <Modal opened={modal === 'wholeShillings'} onClose={() => setModal(null)} title={t('finish')} centered>
        <WholeShillingsOffer
          offer={wholeShillings}
          action="finish"
          onRound={async (d) => {
            const form = rounded(state, d);
            setState(form);
            await save(true, form, true);
          }}
          onAsIs={() => void save(true, state, true)}
        />
      </Modal>
      <CatalogPickerModal opened={modal === 'catalog'} onClose={() => setModal(null)} onPick={pickCatalog} currency={state.currency} />
    </Stack>
  );
}

/** The Fees tab's fees offered on a new invoice, the default-on ones chosen (as blankInvoice does). */
function withFees(s: EditorState, fees: Fee[]): EditorState {
  const on = fees.filter((f) => f.default_on).map((f) => f.id);
  return { ...s, fees: fees.map(feeInput), fee_ids: [...new Set([...s.fee_ids, ...on])] };
}

/** The invoice's own fee snapshots first, then the Fees tab's other fees (so they can be switched on). */
function mergeFees<T extends { id: string }>(own: T[], all: T[]): T[] {
  const ids = new Set(own.map((f) => f.id));
  return [...own, ...all.filter((f) => !ids.has(f.id))];
}
