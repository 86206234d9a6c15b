import { type InvoiceKind, parseInvoiceSettingsString } from '@duka/core';
import { Textarea } from '@mantine/core';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { InvoicePartPaySelect } from '../../partpay/PartPaySettings';
import type { EditorState } from '../lib/editor';
import '../strings';

/** The editor's texts under the totals: payment instructions, part payments (an invoice), notes and terms. */
export function EditorTexts({ kind, state, onChange }: { kind: InvoiceKind; state: EditorState; onChange: (p: Partial<EditorState>) => void }) {
  const { t } = useStrings('invoices');
  const user = useCurrentUser();
  return (
    <>
      <Textarea
        label={t('paymentInstructions')}
        autosize
        minRows={2}
        value={state.payment_instructions}
        onChange={(e) => onChange({ payment_instructions: e.currentTarget.value })}
      />
      {kind === 'invoice' && (
        <InvoicePartPaySelect
          value={state.part_payments ?? null}
          onChange={(v) => onChange({ part_payments: v })}
          businessAllows={parseInvoiceSettingsString(user?.invoice_settings).part_payments === true}
        />
      )}
      <Textarea label={t('notes')} autosize minRows={2} value={state.notes} onChange={(e) => onChange({ notes: e.currentTarget.value })} />
      <Textarea label={t('terms')} autosize minRows={2} value={state.terms} onChange={(e) => onChange({ terms: e.currentTarget.value })} />
    </>
  );
}
