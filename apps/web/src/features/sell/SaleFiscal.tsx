import { Alert, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import './strings';
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
  const { t: ts } = useStrings('sell');
  // The sale as stored on the device: once pushed (it has a version), the server is asked where it stands.
  const stored = useLiveQuery(() => db.invoices.get(invoice.id), [invoice.id]) as Invoice | undefined;
  const fiscal = useFiscal(stored ?? invoice, stored?.version !== undefined);
  const lines = fiscalTicketLines(fiscal.view, (k) => String(t(k)));
  const key = lines.join('\n');
  useEffect(() => onTicketLines(key ? key.split('\n') : []), [key, onTicketLines]);
  const view = fiscal.view;
  // Signed while the receipt was open (an offline sale, signed once synced: t21 section 13): the block above now
  // carries the signature, and the cashier is told to print this copy for the customer (useFiscal polls meanwhile).
  const waited = useRef(false);
  const [signedNow, setSignedNow] = useState(false);
  useEffect(() => {
    if (view?.state === 'provisional') waited.current = true;
    else if (view?.state === 'fiscalised' && waited.current) {
      waited.current = false;
      setSignedNow(true);
    }
  }, [view?.state]);
  return (
    <>
      {signedNow && (
        <Alert className="duka-receipt-actions" color="teal" role="status" data-testid="receipt-signed-now" p="xs">
          {ts(view?.test ? 'signedNowTest' : 'signedNow')}
        </Alert>
      )}
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
