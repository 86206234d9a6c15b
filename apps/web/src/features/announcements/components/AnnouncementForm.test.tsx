import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import type { AnnouncementInput } from '../lib/api';
import { AnnouncementForm } from './AnnouncementForm';

// Issue 23 item 15: an announcement has one text per language (fr, sw), English as the fallback.
afterEach(cleanup);

describe('announcement form languages', () => {
  it('sends the French and Swahili texts with the English one, and shows them again when editing', async () => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
    const saved: AnnouncementInput[] = [];
    renderUi(<AnnouncementForm editing={null} onSave={async (v) => void saved.push(v)} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText(/^Title\s*\*?$/), { target: { value: 'CFA francs' } });
    fireEvent.change(screen.getByLabelText(/^Message \(Markdown\)/), { target: { value: 'Invoice in XAF' } });
    fireEvent.change(screen.getByLabelText('Title (Français)'), { target: { value: 'Francs CFA' } });
    fireEvent.change(screen.getByLabelText('Message (Français)'), { target: { value: 'Facturez en XAF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      title: 'CFA francs',
      translations: { fr: { title: 'Francs CFA', body: 'Facturez en XAF' }, sw: { title: '', body: '' } },
    });
    cleanup();

    const now = new Date().toISOString();
    renderUi(
      <AnnouncementForm
        editing={{
          id: '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01',
          title: 'CFA francs',
          body: 'Invoice in XAF',
          link: null,
          image_url: null,
          countries: [],
          published_at: null,
          created_at: now,
          updated_at: now,
          translations: { sw: { title: 'Faranga za CFA', body: 'Tuma ankara kwa XAF' } },
        }}
        onSave={async () => undefined}
        onClose={() => undefined}
      />,
    );
    expect((screen.getByLabelText('Title (Kiswahili)') as HTMLInputElement).value).toBe('Faranga za CFA');
    expect((screen.getByLabelText('Title (Français)') as HTMLInputElement).value).toBe('');
  }, 20_000);
});
