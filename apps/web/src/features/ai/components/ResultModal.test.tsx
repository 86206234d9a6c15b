import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderAt } from '../testing';
import { ResultModal, textToCopy } from './ResultModal';
import { setDisplayLanguage } from '@duka/core';
import { setLanguage } from '../../../i18n';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const content = '\n  # Juice plan\n\nSell **fresh** juice.  \n';

describe('the result modal (SPEC modal 3)', () => {
  it('renders the markdown in an editable area, sanitised', async () => {
    renderAt(
      '/',
      <ResultModal
        shown={{ title: 'Business Plan', content: `${content}\n<img src=x onerror="alert(1)"><script>alert(2)</script>`, sample: false, id: 'a1' }}
        onClose={() => {}}
      />,
    );
    const area = await screen.findByRole('textbox', { name: 'Business Plan' });
    expect(area.getAttribute('contenteditable')).toBe('true');
    await waitFor(() => expect(area.querySelector('h1')?.textContent).toBe('Juice plan'));
    expect(area.querySelector('strong')?.textContent).toBe('fresh');
    expect(area.innerHTML).not.toContain('onerror');
    expect(area.querySelector('script')).toBeNull();
  });

  it('names the type in the screen language (issue 23)', async () => {
    await setLanguage('fr');
    setDisplayLanguage('fr');
    try {
      renderAt('/', <ResultModal shown={{ title: 'Jus Akwa', page_title: 'Business Name Ideas', content, sample: false, id: 'a2' }} onClose={() => {}} />);
      expect((await screen.findByTestId('result-type')).textContent).toBe('Idées de nom d’entreprise');
    } finally {
      await setLanguage('en');
      setDisplayLanguage('en');
    }
  });

  it('disables Save for sample content', async () => {
    renderAt('/', <ResultModal shown={{ title: 'Newsletter', content, sample: true }} onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('Save marks the content as a favourite and shows the toast', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe('/api/ai-writter/a1');
      expect(init?.method).toBe('PATCH');
      expect(JSON.parse(String(init?.body))).toEqual({ ai_writter: { favorite: true } });
      return new Response(JSON.stringify({ id: 'a1', favorite: true }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/', <ResultModal shown={{ id: 'a1', title: 'Business Plan', content, sample: false }} onClose={() => {}} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    expect(await screen.findByText('Marked as favorite')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveProperty('disabled', true);
  });

  it('Copy puts the trimmed text on the clipboard and shows the toast', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/', <ResultModal shown={{ id: 'a1', title: 'Business Plan', content, sample: false }} onClose={() => {}} />);
    const area = await screen.findByRole('textbox', { name: 'Business Plan' });
    await waitFor(() => expect(area.querySelector('h1')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied Business Plan to clipboard')).toBeTruthy();
    const copied = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(copied).toBe(copied.trim());
    expect(copied).toContain('Juice plan');
    expect(copied).toContain('Sell fresh juice.');
  });

  it('copies what the user edited', () => {
    const el = document.createElement('div');
    el.textContent = '  edited text \n';
    expect(textToCopy(el, 'original')).toBe('edited text');
    expect(textToCopy(null, '  original \n')).toBe('original');
  });
});
