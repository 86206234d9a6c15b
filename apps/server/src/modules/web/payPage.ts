import { companyInitials, type CustomerLanguage, documentStrings, documentText, formatDateIn, formatMoneyIn, isCustomerLanguage } from '@duka/core';

/* The few words of the pay page's first paint are in @duka/core's customer document strings (pay*), in the client's language. */

/** What the pay page's first paint needs from GET /api/invoices/public/{id}. */
export interface PaySummary {
  number: string;
  /** A quote's first paint speaks of a quote: Valid until, Total, Prepared for (issue 23). */
  kind?: string | null;
  currency: string;
  total_due: number;
  balance: number;
  due_date?: string | null;
  business?: { name?: string | null; logo_url?: string | null } | null;
  client?: { name?: string | null } | null;
  /** The client's language (issue 19): the first paint is in it. */
  language?: CustomerLanguage | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invoice's header and amount due as plain HTML, put inside pay.html's #root by the server so that a client on a
 * slow link sees what they owe before the page's JavaScript has arrived (in the app theme's font and title size, so
 * the page drawn by JavaScript does not jump). The JavaScript page replaces it when it
 * starts. Styles are inline (the page's CSP allows inline styles, never inline script).
 */
export function paySummaryHtml(inv: PaySummary): string {
  const language = isCustomerLanguage(inv.language) ? inv.language : 'en';
  const S = documentStrings(language);
  const quote = inv.kind === 'quote';
  const strings = {
    title: (number: string) => (quote ? `${S.quoteWord} ${number}` : documentText(language, 'payTitle', { number })),
    totalDue: quote ? S.total : S.payTotalDue,
    balance: S.payBalance,
    dueDate: quote ? S.validUntil : S.payDueDate,
    billTo: quote ? S.payPreparedFor : S.payBillTo,
    loading: S.payLoading,
  };
  const money = (minor: number) => escapeHtml(formatMoneyIn(minor, inv.currency, language));
  const name = inv.business?.name ?? '';
  const initials = companyInitials(name);
  const logo = inv.business?.logo_url;
  const mark = logo
    ? `<img src="${escapeHtml(logo)}" alt="" style="height:48px;width:auto;object-fit:contain">`
    : initials
      ? `<span role="img" aria-label="${escapeHtml(name)}" style="display:inline-flex;align-items:center;justify-content:center;width:48px;height:48px;border-radius:50%;background:#0b7a53;color:#fff;font-weight:700;font-size:19px;letter-spacing:.04em"><span aria-hidden="true">${escapeHtml(initials)}</span></span>`
      : '';
  const row = (label: string, value: string, strong = false) =>
    `<div style="display:flex;justify-content:space-between;gap:16px;padding:4px 0${strong ? ';font-weight:700;font-size:18px' : ''}"><span>${label}</span><span>${value}</span></div>`;
  return [
    `<main data-first-paint style="max-width:720px;margin:0 auto;padding:16px 12px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#000;line-height:1.55" aria-busy="true" aria-label="${escapeHtml(strings.loading)}">`,
    `<div style="display:flex;flex-direction:column;gap:2px">${mark}<div style="font-weight:600">${escapeHtml(name)}</div></div>`,
    `<h1 style="font-size:26px;line-height:1.35;font-weight:700;margin:16px 0 8px">${escapeHtml(strings.title(inv.number))}</h1>`,
    inv.client?.name ? `<p style="margin:0 0 4px;color:#555">${escapeHtml(strings.billTo)}: ${escapeHtml(inv.client.name)}</p>` : '',
    inv.due_date ? `<p style="margin:0 0 12px;color:#555">${escapeHtml(strings.dueDate)}: ${escapeHtml(formatDateIn(inv.due_date, language))}</p>` : '',
    `<div style="border:1px solid #dee2e6;border-radius:8px;padding:8px 12px;background:#fff">`,
    row(escapeHtml(strings.totalDue), money(inv.total_due), inv.balance === inv.total_due),
    !quote && inv.balance !== inv.total_due ? row(escapeHtml(strings.balance), money(inv.balance), true) : '',
    `</div></main>`,
  ].join('');
}

/** pay.html with the summary in #root (unchanged when the page has no #root to fill), its lang the client's. */
export function withSummary(payHtml: string, inv: PaySummary): string {
  const lang = isCustomerLanguage(inv.language) ? inv.language : 'en';
  return payHtml.replace(/<html lang="[a-z-]*"/, `<html lang="${lang}"`).replace('<div id="root"></div>', () => `<div id="root">${paySummaryHtml(inv)}</div>`);
}
