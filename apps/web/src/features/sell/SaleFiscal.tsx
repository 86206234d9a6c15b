import { Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { db } from '../../data/db';
import { useStrings } from '../../i18n';
import type { Invoice } from '../invoices/lib/model';
import { FiscalStatus } from '../fiscal/FiscalStatus';
import { fiscalTicketLines } from '../fiscal/ticket';
import { useFiscal } from '../fiscal/useFiscal';
import { QrCode } from './QrCode';

/**
 * A counter sale's standing with the tax authority (issue 26 F7: a Kenyan counter sale is a tax invoice, signed like
 * one), on the receipt: the fiscal block, the authority's QR code, and the printed ticket's fiscal lines handed up.
 * Loaded with the receipt, not with the Sell screen (issue 28: the screen's JS stays within its budget).
 */
export default function SaleFiscal({ invoice, qrSize, onTicketLines }: { invoice: Invoice; qrSize: number; onTicketLines: (lines: string[]) => void }) {
  const { t } = useStrings('fiscal');
  // The sale as stored on the device: once pushed (it has a version), the server is asked where it stands.
  const stored = useLiveQuery(() => db.invoices.get(invoice.id), [invoice.id]) as Invoice | undefined;
  const fiscal = useFiscal(stored ?? invoice, stored?.version !== undefined);
  const lines = fiscalTicketLines(fiscal.view, (k) => String(t(k)));
  const key = lines.join('\n');
  useEffect(() => onTicketLines(key ? key.split('\n') : []), [key, onTicketLines]);
  const view = fiscal.view;
  return (
    <>
      {view?.state && (
        <div data-testid="receipt-fiscal">
          <FiscalStatus invoiceId={invoice.id} view={view} />
        </div>
      )}
      {view?.state === 'fiscalised' && view.qr_text && (
        <Stack gap={2} align="center" mt="xs" data-testid="receipt-fiscal-qr">
          <QrCode text={view.qr_text} label={t('qrLabel')} size={qrSize} />
          {/* Two codes on a Kenyan receipt: each says whose it is (t21: the customer could not tell KRA's). */}
          <Text size="xs" ta="center">
            {t('qrCaption')}
          </Text>
        </Stack>
      )}
    </>
  );
}
