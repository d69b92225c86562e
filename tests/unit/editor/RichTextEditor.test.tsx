// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import RichTextEditor from '../../../src/components/RichTextEditor';
import { flushPendingEdits } from '../../../src/editor/deferredReport';
import './jsdomLayout';

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

describe('RichTextEditor with deferChanges (a long lesson\'s text blocks)', () => {
  it('reports a change at the next flush, not with the change; leaving the text and unmounting report what waits', async () => {
    const reports: string[] = [];
    const { unmount } = render(
      <IntlProvider locale="fr" defaultLocale="fr">
        <RichTextEditor deferChanges aria-label="Texte" value="<p>abc</p>" onChange={(html) => reports.push(html)} />
      </IntlProvider>,
    );
    const content = screen.getByTestId('editor-content');
    // Shortcuts edit without the focus leaving the text (jsdom cannot type into ProseMirror).
    act(() => content.focus());
    await userEvent.keyboard('{Control>}a{/Control}{Control>}b{/Control}');
    expect(content.querySelector('strong')?.textContent).toBe('abc');
    expect(reports).toEqual([]);
    act(() => flushPendingEdits());
    expect(reports).toEqual(['<p><strong>abc</strong></p>']);
    await userEvent.keyboard('{Control>}i{/Control}');
    expect(reports).toHaveLength(1);
    act(() => content.blur());
    expect(reports).toEqual(['<p><strong>abc</strong></p>', '<p><strong><em>abc</em></strong></p>']);
    act(() => content.focus());
    await userEvent.keyboard('{Control>}a{/Control}{Control>}b{/Control}');
    expect(reports).toHaveLength(2);
    unmount();
    expect(reports).toEqual(['<p><strong>abc</strong></p>', '<p><strong><em>abc</em></strong></p>', '<p><em>abc</em></p>']);
  });
});
