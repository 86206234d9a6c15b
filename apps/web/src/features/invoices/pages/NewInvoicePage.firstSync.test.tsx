import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LAST_UPDATED, invoiceFieldDefaults } from '@duka/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cursorKey, db, type RecordMap } from '../../../data/db';
import { setLanguage } from '../../../i18n';
import { openEditor, signInMusa } from './editorTesting';

// Issue 23: a fresh device opening /new-invoice?id=… before its first sync said "not found" for good, and a new
// invoice said "No taxes or fees yet" although the account has VAT. Both wait for the sync and follow it, without
// remounting the form or counting the fees as typed (the half-typed draft stays what was typed).
const now = '2026-11-22T10:00:00.000Z';
const invoice = {
  ...invoiceFieldDefaults(),
  id: 'inv9',
  kind: 'invoice',
  number: 'INV-0009',
  contact_id: null,
  issue_date: '2026-11-20',
  due_date: null,
  currency: 'NGN',
  lines: [{ id: 'l1', description: 'Agbada', quantity: 1, unit_price: 250_000, fee_ids: [] }],
  payments: [],
  status: 'draft',
  public_id: 'pubinv9xxxxxxxxxxxxxxxxx',
  created_at: now,
  updated_at: now,
};
const vat = {
  id: 'f1',
  name: 'VAT',
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: 750,
  amount: 0,
  inclusive: false,
  default_on: true,
  created_at: now,
  updated_at: now,
};
const draftKey = 'duka:draft:u:invoice:new';
const wait = { timeout: 20_000 };

beforeAll(async () => {
  signInMusa();
  await db.open();
});
beforeEach(async () => {
  localStorage.removeItem(draftKey);
  await db.transaction('rw', [db.invoices, db.fees, db.meta], async () => {
    await db.invoices.clear();
    await db.fees.clear();
    await db.meta.put({ key: cursorKey('invoices'), value: DEFAULT_LAST_UPDATED });
    await db.meta.put({ key: cursorKey('fees'), value: DEFAULT_LAST_UPDATED });
  });
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

/** The first sync brings the account's VAT (default on) and stores the fees' cursor. */
async function syncFees() {
  await db.transaction('rw', [db.fees, db.meta], async () => {
    await db.fees.put(vat as unknown as RecordMap['fees']);
    await db.meta.put({ key: cursorKey('fees'), value: 3 });
  });
}

const notes = () => screen.getByLabelText('Notes') as HTMLTextAreaElement;
const vatBox = () => screen.findByRole('checkbox', { name: /^VAT 7\.5%/ }, wait) as Promise<HTMLInputElement>;

describe('a link to an invoice before the first sync', () => {
  it('waits for the sync to bring the invoice, then opens it', async () => {
    openEditor('/new-invoice?id=inv9');
    expect((await screen.findByTestId('waiting-first-sync', {}, wait)).textContent).toBe(
      'Waiting for this device’s first sync with your account to bring this invoice…',
    );
    expect(screen.queryByText('This invoice was not found on this device')).toBeNull();
    await db.transaction('rw', [db.invoices, db.meta], async () => {
      await db.invoices.put(invoice as unknown as RecordMap['invoices']);
      await db.meta.put({ key: cursorKey('invoices'), value: 12 });
    });
    await screen.findByRole('heading', { name: 'Edit invoice · INV-0009' }, wait);
    expect(screen.queryByTestId('waiting-first-sync')).toBeNull();
  }, 60_000);

  it('says "not found" only once the invoices were pulled, and still opens the invoice if a later page of the pull brings it', async () => {
    await db.meta.put({ key: cursorKey('invoices'), value: 12 });
    openEditor('/new-invoice?id=inv9');
    expect((await screen.findByRole('alert', {}, wait)).textContent).toBe('This invoice was not found on this device');
    expect(screen.queryByTestId('waiting-first-sync')).toBeNull();
    await db.invoices.put(invoice as unknown as RecordMap['invoices']);
    await screen.findByRole('heading', { name: 'Edit invoice · INV-0009' }, wait);
  }, 60_000);

  it('in French and Swahili', async () => {
    for (const [language, text] of [
      ['fr', 'En attente de la première synchronisation de cet appareil avec votre compte, qui apporte ce devis…'],
      ['sw', 'Tunasubiri usawazishaji wa kwanza wa kifaa hiki na akaunti yako ulete nukuu hii…'],
    ] as const) {
      await setLanguage(language);
      openEditor('/new-invoice?id=q1&kind=quote');
      expect((await screen.findByTestId('waiting-first-sync', {}, wait)).textContent).toBe(text);
      cleanup();
    }
  }, 60_000);
});

describe('the fees of a new invoice before the first sync', () => {
  it('says they come with the sync, then offers them (default ones chosen) and keeps no draft for them', async () => {
    openEditor();
    const empty = await screen.findByTestId('fees-empty', {}, wait);
    expect(empty.textContent).toBe('Your taxes and fees appear here once this device has synced with your account.');
    await syncFees();
    const box = await vatBox();
    await waitFor(() => expect(box.checked).toBe(true), wait);
    expect(screen.queryByTestId('fees-empty')).toBeNull();
    // Nothing was typed: no draft is kept and none is announced.
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    expect(localStorage.getItem(draftKey)).toBeNull();
  }, 60_000);

  it('joins what is being typed without remounting the form; Discard goes back to the form with the fees', async () => {
    openEditor();
    await screen.findByTestId('fees-empty', {}, wait);
    const field = notes();
    fireEvent.change(field, { target: { value: 'Fitting on Friday' } });
    await screen.findByTestId('draft-notice', {}, wait);
    await syncFees();
    const box = await vatBox();
    await waitFor(() => expect(box.checked).toBe(true), wait);
    // The same form, what was typed still there and still kept (with the fees it now has).
    expect(field.isConnected).toBe(true);
    expect(field.value).toBe('Fitting on Friday');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(draftKey) ?? '{}').value?.fee_ids).toEqual(['f1']), wait);
    expect(JSON.parse(localStorage.getItem(draftKey) ?? '{}').value.notes).toBe('Fitting on Friday');
    // Discard: back to what it opened with, the fees included; no draft left.
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard this draft?' }, wait);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(notes().value).toBe(''), wait);
    expect((await vatBox()).checked).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('draft-notice')).toBeNull(), wait);
    expect(localStorage.getItem(draftKey)).toBeNull();
  }, 60_000);

  it('offers them on a draft typed before they came, opened again once they are here', async () => {
    openEditor();
    await screen.findByTestId('fees-empty', {}, wait);
    fireEvent.change(notes(), { target: { value: 'Fitting on Friday' } });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(draftKey) ?? '{}').value?.notes).toBe('Fitting on Friday'), wait);
    cleanup();
    await syncFees();
    openEditor();
    expect((await vatBox()).checked).toBe(true);
    expect(notes().value).toBe('Fitting on Friday');
    expect(screen.queryByTestId('fees-empty')).toBeNull();
    await screen.findByTestId('draft-notice', {}, wait);
  }, 60_000);

  it('in French and Swahili', async () => {
    for (const [language, text] of [
      ['fr', 'Vos taxes et frais apparaissent ici dès que cet appareil s’est synchronisé avec votre compte.'],
      ['sw', 'Kodi na ada zako zitaonekana hapa kifaa hiki kikishasawazishwa na akaunti yako.'],
    ] as const) {
      await setLanguage(language);
      openEditor();
      expect((await screen.findByTestId('fees-empty', {}, wait)).textContent).toBe(text);
      cleanup();
    }
  }, 60_000);

  it('says "No taxes or fees yet" once the sync found none', async () => {
    await db.meta.put({ key: cursorKey('fees'), value: 3 });
    openEditor();
    expect((await screen.findByTestId('fees-empty', {}, wait)).textContent).toBe('No taxes or fees yet. Add them in the Fees tab.');
  }, 60_000);
});

describe('a new invoice while the first sync brings the invoices', () => {
  it('keeps the same form and what was typed (the editor is not opened again)', async () => {
    openEditor();
    await screen.findByTestId('number-on-sync', {}, wait);
    const field = notes();
    fireEvent.change(field, { target: { value: 'Fitting on Friday' } });
    await screen.findByTestId('draft-notice', {}, wait);
    const client = screen.getByTestId('chosen-client');
    await db.transaction('rw', [db.invoices, db.meta], async () => {
      await db.invoices.put(invoice as unknown as RecordMap['invoices']);
      await db.meta.put({ key: cursorKey('invoices'), value: 12 });
    });
    await screen.findByRole('heading', { name: 'New invoice · INV-0010' }, wait);
    expect(field.isConnected).toBe(true);
    expect(client.isConnected).toBe(true);
    expect(field.value).toBe('Fitting on Friday');
    expect(screen.getByTestId('draft-notice')).toBeTruthy();
  }, 60_000);
});
