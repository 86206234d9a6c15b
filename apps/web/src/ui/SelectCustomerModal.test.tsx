import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../data/db';
import { type SelectCustomerResult, SelectCustomerModal } from './SelectCustomerModal';
import { renderUi } from './testing';

const now = '2026-11-22T10:00:00.000Z';
const customer = (id: string, name: string): Contact => ({
  id,
  name,
  permalink: name.toLowerCase().replace(/\s+/g, '-'),
  email: '',
  phone: '',
  address: '',
  city: '',
  country: '',
  tax_id: '',
  notes: '',
  archived: false,
  created_at: now,
  updated_at: now,
});
const CUSTOMERS = [customer('c1', 'Chinedu Okafor'), customer('c2', 'Bola Ahmed'), customer('c3', 'Amina CHIDI'), customer('c4', 'Zainab Musa')];
const rows = () => Array.from(document.querySelectorAll('ul[aria-label="Select A Customer"] button'));
const names = () => rows().map((b) => b.querySelector('span')?.firstChild?.textContent);

describe('Select A Customer (SPEC §2 modal 1)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('lists the customers by name and highlights the current one', () => {
    renderUi(<SelectCustomerModal opened onClose={() => {}} onResult={() => {}} customers={CUSTOMERS} currentId="c2" />);
    expect(screen.getByRole('dialog', { name: 'Select A Customer' })).toBeTruthy();
    expect(names()).toEqual(['Amina CHIDI', 'Bola Ahmed', 'Chinedu Okafor', 'Zainab Musa']);
    const current = rows().filter((r) => r.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0].textContent).toContain('Bola Ahmed');
    expect(current[0].hasAttribute('data-chosen')).toBe(true);
  });

  it('filters case-insensitively by name, only after the 500 ms debounce, restarted by each keystroke', () => {
    renderUi(<SelectCustomerModal opened onClose={() => {}} onResult={() => {}} customers={CUSTOMERS} />);
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    fireEvent.change(search, { target: { value: 'ch' } });
    act(() => vi.advanceTimersByTime(400));
    fireEvent.change(search, { target: { value: 'CHI' } });
    act(() => vi.advanceTimersByTime(499));
    expect(rows()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(names()).toEqual(['Amina CHIDI', 'Chinedu Okafor']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    act(() => vi.advanceTimersByTime(500));
    expect(rows()).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('nobody');
  });

  it('choosing a customer returns SELECT with the customer', () => {
    const onResult = vi.fn<(r: SelectCustomerResult) => void>();
    const onClose = vi.fn();
    renderUi(<SelectCustomerModal opened onClose={onClose} onResult={onResult} customers={CUSTOMERS} />);
    fireEvent.click(screen.getByRole('button', { name: /Zainab Musa/ }));
    expect(onResult).toHaveBeenCalledExactlyOnceWith({ action: 'SELECT', customer: CUSTOMERS[3] });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('the floating add button returns NEW', () => {
    const onResult = vi.fn<(r: SelectCustomerResult) => void>();
    renderUi(<SelectCustomerModal opened onClose={() => {}} onResult={onResult} customers={CUSTOMERS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a new customer' }));
    expect(onResult).toHaveBeenCalledExactlyOnceWith({ action: 'NEW' });
  });

  it('the close button returns no result', () => {
    const onResult = vi.fn();
    const onClose = vi.fn();
    renderUi(<SelectCustomerModal opened onClose={onClose} onResult={onResult} customers={CUSTOMERS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onResult).not.toHaveBeenCalled();
  });

  it('says so when there are no customers yet, and NEW is still offered', () => {
    const onResult = vi.fn();
    renderUi(<SelectCustomerModal opened onClose={() => {}} onResult={onResult} customers={[]} />);
    expect(screen.getByRole('status').textContent).toContain('No customers yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add a new customer' }));
    expect(onResult).toHaveBeenCalledWith({ action: 'NEW' });
  });
});
