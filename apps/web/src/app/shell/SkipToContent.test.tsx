import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../ui/testing';
import { MAIN_ID, SkipToContent } from './SkipToContent';

describe('skip to content', () => {
  afterEach(cleanup);

  it('is the first stop of the keyboard and moves the focus to the page, leaving the address alone', () => {
    renderUi(
      <>
        <SkipToContent />
        <nav>
          <a href="/tabs/client">Clients</a>
        </nav>
        <main id={MAIN_ID} tabIndex={-1}>
          <h1>Clients</h1>
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.querySelector('a')).toBe(link);
    const before = window.location.href;
    fireEvent.click(link);
    expect(document.activeElement?.id).toBe(MAIN_ID);
    expect(window.location.href).toBe(before);
  });
});
