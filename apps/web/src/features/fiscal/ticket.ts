import { fiscalDateTimeText, groupsOfFour } from '@duka/core';
import type { DeviceFiscalView } from './useFiscal';

/**
 * The fiscal block of a printed counter receipt (issue 26 F7), as lines for core's ReceiptTicket: the signing title,
 * the control unit, the fiscal number with the receipt label, internal data and signature in groups of four and the
 * fiscal date and time; empty until the authority (or the TEST MODE unit) signed the sale.
 * `t`: the 'fiscal' strings.
 */
export function fiscalTicketLines(view: DeviceFiscalView | null, t: (k: string) => string): string[] {
  if (view?.state !== 'fiscalised') return [];
  return [
    view.test ? t('fiscalisedTest') : t('fiscalised'),
    `${t('controlUnit')}: ${view.control_unit_id ?? ''}`,
    `${t('fiscalNumber')}: ${view.fiscal_number ?? ''} · ${t('receipt')} ${view.receipt_label ?? ''}`,
    `${t('internalData')}: ${groupsOfFour(view.internal_data ?? '')}`,
    `${t('signature')}: ${groupsOfFour(view.signature ?? '')}`,
    ...(view.fiscal_datetime ? [`${t('dateTime')}: ${fiscalDateTimeText(view.fiscal_datetime)}`] : []),
  ];
}
