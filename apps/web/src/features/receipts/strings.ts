import { registerStrings } from '../../i18n';

/** English strings of receipts (namespace 'receipts'). */
export const RECEIPT_STRINGS = {
  receipt: 'Receipt',
  title: 'Receipt {{number}}',
  number: 'Receipt number',
  date: 'Date',
  method: 'Method',
  reference: 'Reference',
  amount: 'Amount',
  balanceLeft: 'Balance left',
  // With a credit note (issue 26): invoice total − credited − paid to date = balance left.
  invoiceTotal: 'Invoice total',
  credited: 'Credited',
  paidToDate: 'Paid to date',
  building: 'Making the receipt',
  failed: 'The receipt PDF could not be made on this device',
  download: 'Download PDF',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  sharePdf: 'Share PDF',
  emailTo: 'Send to',
  emailSend: 'Send receipt',
  emailSent: 'Receipt sent to {{email}}',
  emailInvalid: 'Enter a valid e-mail address',
  emailClientOnly: "Receipts go to the client's e-mail address. To send elsewhere, change it on the client first.",
  emailNoClient: "This client has no e-mail address. Add one to the client's details to send the receipt.",
  offline: 'You are offline. Connect to send by e-mail or share a link; the PDF works offline.',
  needsSync: 'Not synced yet: the link and e-mail work once this payment reaches the server.',
  whatsappMessage:
    'Hello {{client}}, thank you for your payment of {{amount}} for invoice {{invoice}}. Receipt {{number}}: {{link}} Balance left: {{balance}}. {{company}}',
  close: 'Close',
} as const;

registerStrings('receipts', RECEIPT_STRINGS);
