import '../strings';
import '../refusedStrings';
import { documentShowsMinor, finishCommand, formatMoney, isBilledKind, minorToInput, parseInvoiceSettingsString, wholeShillingsDiscount } from '@duka/core';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CatalogItem, Contact } from '../../../data/db';
import { useLocal, useRecord, useRecords } from '../../../data/sync/hooks';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { PAGES, pagePaths } from '../../../paths';
import { DraftNotice } from '../../../ui/drafts/DraftNotice';
import { useFormDraft, useRestoredDraft } from '../../../ui/drafts/useFormDraft';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectCustomerModal } from '../../../ui/SelectCustomerModal';
import { toast } from '../../../ui/toast';
import { chargesChanged } from '../lib/charges';
import { allocateNumber, collectionPulled, knownNextNumber, saveInvoice } from '../lib/data';
import { applyEditor, editorDiscount, type EditorLine, type EditorState, editorMathInput, editorTotals, mathLines, validateEditor } from '../lib/editor';
import { useFeesOnArrival } from '../lib/editorFees';
import { useEditorFocus } from '../lib/editorFocus';
import { asInvoice, type Invoice } from '../lib/model';
import { withReplacedValues } from '../lib/conflict';
import { mergeWithCurrent } from '../lib/editSave';
import type { EditMerge } from '../lib/merge';
import { EditConflictModal } from './EditConflictModal';
import { InvoiceConflictNotice } from './InvoiceConflictNotice';
import { CatalogPickerModal } from './CatalogPickerModal';
import { EditorClientCard } from './EditorClientCard';
import { EditorFooter } from './EditorFooter';
import { EditorSettings } from './EditorSettings';
import { EditorTexts } from './EditorTexts';
import { LinesEditor } from './LinesEditor';
import { NewClientModal } from './NewClientModal';
import { TotalsPanel } from './TotalsPanel';
import { wholeShillingRails, WholeShillingsOffer } from './WholeShillingsNotice';

/** The invoice or quote form (new-invoice): what is typed is kept as a draft until saved; saves on the device first. */
export function InvoiceEditor({ initialBase, initialState, isEdit }: { initialBase: Invoice; initialState: EditorState; isEdit: boolean }) {
  const { t } = useStrings('invoices');
  const { t: tr } = useStrings('refused');
  const navigate = useNavigate();
  const contacts = useRecords('contacts');
  const base = initialBase;
  const creditedLocked = isEdit && (base.credited_total ?? 0) > 0;
  // What was typed is kept on this device until saved or discarded (issue 23): one draft per invoice, one for a new one of each kind.
  const draftKey = isEdit ? `invoice:${base.id}` : `${base.kind}:new`;
  const restored = useRestoredDraft<EditorState>(draftKey);
  const [state, setState] = useState<EditorState>(restored?.value ?? initialState);
  // What the form opened with; what differs from it is what was typed (kept as a draft).
  const [baseline, setBaseline] = useState(initialState);
  const feesPulled = useLocal(() => collectionPulled('fees'), []);
  useFeesOnArrival(!isEdit && (initialState.fees.length === 0 || restored?.value.fees?.length === 0), setBaseline, setState);
  const draft = useFormDraft(
    draftKey,
    state,
    baseline,
    restored,
    useCallback(() => setState(baseline), [baseline]),
  );
  // The invoice as saved now (t20 U3): edited on another device, its replaced values are shown and can go into the form.
  const live = useRecord('invoices', isEdit ? base.id : null);
  const takeReplaced = useCallback((values: Partial<Invoice>) => setState((s) => withReplacedValues(s, base, values)), [base]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [modal, setModal] = useState<'customer' | 'client' | 'catalog' | 'wholeShillings' | null>(null);
  // Saved over another device's save of the same values (t20 U3): both are shown and the owner chooses.
  const [asked, setAsked] = useState<{ merge: EditMerge; finish: boolean } | null>(null);
  const { t: tk } = useStrings('invoiceConflict');
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
  const user = useCurrentUser();
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

  const root = useRef<HTMLDivElement>(null);
  const focusTo = useEditorFocus(root);

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
      focusTo('error');
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
      // An edit merged with the invoice as it is now (t20 U3): another device's save since this editor opened is kept.
      const merge = editId ? await mergeWithCurrent(base, initialState, inv) : null;
      if (merge?.conflicts.length) {
        setAsked({ merge, finish });
        return;
      }
      if (merge) inv = merge.use;
      await store(inv, finish, !!merge?.tookTheirs);
    } finally {
      setSaving(false);
    }
  }

  /** Writes the invoice on the device (queued for the server) and leaves the editor. `merged`: said in the toast. */
  async function store(edited: Invoice, finish: boolean, merged = false) {
    let inv = edited;
    if (!base.version && !editId) inv = { ...inv, number: await allocateNumber(inv.kind) };
    // Finish makes it ready, not sent: it is sent when e-mailed, shared or opened (docs/invoice-status.md).
    if (finish) inv = { ...inv, ...finishCommand(inv, undefined, new Date()).changes };
    const saved = await saveInvoice(inv);
    draft.clear();
    if (merged) toast.success(tk('merged'));
    if (finish || saved.status !== 'draft') {
      if (finish) toast.success(t('finished', { number: saved.number, context: saved.kind }));
      navigate(pagePaths.invoice(saved.id), { replace: true });
    } else {
      if (!merged) toast.success(t('saved'));
      navigate(PAGES.drafts, { replace: true });
    }
  }

  async function choose(choice: 'keep' | 'use') {
    if (!asked) return;
    setSaving(true);
    try {
      await store(choice === 'keep' ? asked.merge.keep : asked.merge.use, asked.finish, choice === 'keep' || asked.merge.tookTheirs);
      setAsked(null);
    } finally {
      setSaving(false);
    }
  }

  const kind = base.kind;
  const title = editId ? (kind === 'quote' ? t('editQuote') : t('editInvoice')) : kind === 'quote' ? t('newQuote') : t('newInvoice');

  return (
    <Stack gap="md" pb={0} ref={root}>
      <PageHeader title={editId ? `${title} · ${base.number}` : titled ? `${title} · ${titled}` : title} back={PAGES.invoices} />
      {!editId && next === null && (
        <Text size="sm" c="dimmed" data-testid="number-on-sync">
          {t('numberOnSync', { context: kind })}
        </Text>
      )}
      <DraftNotice draft={draft} />
      {live && <InvoiceConflictNotice invoice={asInvoice(live)} onUse={takeReplaced} />}
      <EditorClientCard contact={contact} error={errors.contact} onChoose={() => setModal('customer')} />

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
              focusTo('newLine');
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

      <EditorTexts kind={kind} state={state} onChange={patch} />

      <EditorFooter isDraft={base.status === 'draft'} saving={saving} onSave={(finish) => void save(finish)} />

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
      <EditConflictModal
        conflicts={asked?.merge.conflicts ?? null}
        invoice={base}
        clientName={(id) => contacts?.find((c) => c.id === id)?.name}
        saving={saving}
        onChoose={(c) => void choose(c)}
        onClose={() => setAsked(null)}
      />
      <CatalogPickerModal opened={modal === 'catalog'} onClose={() => setModal(null)} onPick={pickCatalog} currency={state.currency} />
    </Stack>
  );
}
