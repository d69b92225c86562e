// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import RichTextEditor from '../../../src/components/RichTextEditor';

afterEach(cleanup);

function renderEditor(value: string, reports: string[]) {
  const ui = (current: string) => (
    <IntlProvider locale="fr" defaultLocale="fr">
      <RichTextEditor aria-label="Description" value={current} onChange={(html) => reports.push(html)} />
    </IntlProvider>
  );
  const result = render(ui(value));
  return { rerender: (next: string) => result.rerender(ui(next)) };
}

describe('RichTextEditor as a controlled field', () => {
  it('a value prop one render behind the editing does not undo the edits made since', async () => {
    const reports: string[] = [];
    const { rerender } = renderEditor('<p>abc</p>', reports);
    // Two edits reported before the parent committed either (jsdom cannot type into ProseMirror; the toolbar can edit).
    await userEvent.click(screen.getByTestId('editor-heading2'));
    await userEvent.click(screen.getByTestId('editor-blockquote'));
    expect(reports).toEqual(['<h2>abc</h2>', '<blockquote><h2>abc</h2></blockquote>']);
    // The parent now commits them late, one by one, as a loaded browser does.
    const content = screen.getByTestId('editor-content');
    for (const late of reports.slice()) {
      act(() => rerender(late));
      expect(content.querySelector('blockquote > h2')?.textContent).toBe('abc');
    }
    expect(reports).toHaveLength(2);
  });

  it('a value from outside replaces the content', async () => {
    const reports: string[] = [];
    const { rerender } = renderEditor('<p>avant</p>', reports);
    act(() => rerender('<p>après <strong>tout</strong></p>'));
    const content = screen.getByTestId('editor-content');
    expect(content.textContent).toBe('après tout');
    expect(content.querySelector('strong')?.textContent).toBe('tout');
  });
});
