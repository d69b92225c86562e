// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import RichTextEditor, { type RichTextEditorHandle } from '../../../src/components/RichTextEditor';
import { RICH_TEXT_TOOLS, type RichTextTool } from '../../../src/editor/tools';
import './jsdomLayout';

afterEach(cleanup);


function renderEditor(value: string, props: { tools?: readonly RichTextTool[]; height?: number; maxLength?: number | null } = {}) {
  const reports: string[] = [];
  const ref = createRef<RichTextEditorHandle>();
  render(
    <IntlProvider locale="fr" defaultLocale="fr">
      <RichTextEditor ref={ref} aria-label="Contenu" value={value} onChange={(html) => reports.push(html)} tools={RICH_TEXT_TOOLS.lesson} maxLength={null} name="content" {...props} />
    </IntlProvider>,
  );
  return { reports, ref, content: screen.getByTestId('editor-content') };
}

const toolIds = () => screen.getAllByTestId(/^editor-(?!content|toolbar|hidden|count|table-tools)/).map((element) => element.dataset.testid);

describe('RichTextEditor with the lesson preset', () => {
  it('shows every tool of the spec; the description preset only its own', () => {
    renderEditor('<p>texte</p>');
    expect(toolIds()).toEqual(
      [
        'strong',
        'em',
        'strike',
        'underline',
        'code',
        'paragraph',
        'heading2',
        'heading3',
        'heading4',
        'heading5',
        'heading6',
        'bulletList',
        'orderedList',
        'blockquote',
        'horizontalRule',
        'link',
        'emoji',
        'table',
        'undo',
        'redo',
      ].map((tool) => `editor-${tool}`),
    );
    expect(screen.queryByTestId('editor-count')).toBeNull();
    cleanup();
    renderEditor('<p>texte</p>', { tools: RICH_TEXT_TOOLS.description, maxLength: 20000 });
    expect(toolIds()).toEqual(['strong', 'em', 'heading2', 'heading3', 'bulletList', 'orderedList', 'blockquote', 'link', 'undo', 'redo'].map((tool) => `editor-${tool}`));
    expect(screen.getByTestId('editor-count')).toBeTruthy();
  });

  it('is 256 px high by default, 160 when asked', () => {
    renderEditor('');
    expect(screen.getByTestId('editor-toolbar').parentElement!.style.getPropertyValue('--rich-text-height')).toBe('256px');
    cleanup();
    renderEditor('', { height: 160 });
    expect(screen.getByTestId('editor-toolbar').parentElement!.style.getPropertyValue('--rich-text-height')).toBe('160px');
  });

  it('focusing the hidden text area moves focus to the end of the text', () => {
    const { content, ref, reports } = renderEditor('<p>début</p><p>fin</p>');
    fireEvent.focus(screen.getByTestId('editor-hidden-textarea'));
    expect(document.activeElement).toBe(content);
    // Typing-like edit at the cursor: a heading applies to the last block, where the cursor now is.
    fireEvent.click(screen.getByTestId('editor-heading4'));
    expect(reports.at(-1)).toBe('<p>début</p><h4>fin</h4>');
    act(() => ref.current!.focusEnd());
    expect(document.activeElement).toBe(content);
  });

  it('a table: 3x3 without header; its tools show only while the cursor is in it', async () => {
    const { reports } = renderEditor('<p>avant</p>');
    expect(screen.queryByTestId('editor-table-tools')).toBeNull();
    fireEvent.focus(screen.getByTestId('editor-hidden-textarea'));
    await userEvent.click(screen.getByTestId('editor-table'));
    const html = reports.at(-1)!;
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<td>/g)).toHaveLength(9);
    expect(html).not.toContain('<th');
    const tools = screen.getByTestId('editor-table-tools');
    expect(
      within(tools)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Insérer une colonne avant',
      'Insérer une colonne après',
      'Supprimer la colonne',
      'Insérer une ligne avant',
      'Insérer une ligne après',
      'Supprimer la ligne',
      'Fusionner les cellules',
      'Supprimer le tableau',
    ]);
    await userEvent.click(screen.getByTestId('editor-table-addRowAfter'));
    expect(reports.at(-1)!.match(/<tr>/g)).toHaveLength(4);
    await userEvent.click(screen.getByTestId('editor-table-deleteTable'));
    expect(reports.at(-1)).toBe('<p>avant</p>');
    expect(screen.queryByTestId('editor-table-tools')).toBeNull();
  });

  it('the link button: "Ajouter un lien" and an alert with nothing selected; "Modifier le lien" with delete on a link', async () => {
    renderEditor('<p>texte</p>');
    const button = screen.getByTestId('editor-link');
    expect(button.getAttribute('aria-label')).toBe('Ajouter un lien');
    fireEvent.focus(screen.getByTestId('editor-hidden-textarea'));
    await userEvent.click(button);
    expect(await screen.findByRole('alertdialog')).toHaveProperty('textContent', expect.stringContaining('Sélectionnez d’abord le texte'));
    await userEvent.click(screen.getByTestId('editor-link-alert-ok'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    cleanup();

    const { reports } = renderEditor('<p>voir <a href="https://exemple.fr">le site</a></p>');
    fireEvent.focus(screen.getByTestId('editor-hidden-textarea'));
    const edit = screen.getByTestId('editor-link');
    expect(edit.getAttribute('aria-label')).toBe('Modifier le lien');
    await userEvent.click(edit);
    const dialog = await screen.findByTestId('editor-link-dialog');
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe('https://exemple.fr');
    // An invalid address: the form does nothing and says why.
    await userEvent.clear(within(dialog).getByRole('textbox'));
    await userEvent.type(within(dialog).getByRole('textbox'), 'pas une adresse');
    await userEvent.click(within(dialog).getByTestId('editor-link-apply'));
    expect(dialog.textContent).toContain('Saisissez une adresse web');
    await userEvent.click(within(dialog).getByTestId('editor-link-remove'));
    await waitFor(() => expect(reports.at(-1)).toBe('<p>voir le site</p>'));
  });

  it('the emoji dropdown loads the emoji when it opens, inserts the picked one and closes', async () => {
    const { reports } = renderEditor('<p>Bravo</p>');
    fireEvent.focus(screen.getByTestId('editor-hidden-textarea'));
    await userEvent.click(screen.getByTestId('editor-emoji'));
    const dialog = await screen.findByTestId('editor-emoji-dialog');
    const list = await within(dialog).findByTestId('editor-emoji-list', {}, { timeout: 10_000 });
    expect(within(list).getByText('Visages')).toBeTruthy();
    expect(within(list).getByText('Objets')).toBeTruthy();
    // One change rather than seven keystrokes: jsdom re-renders the whole grid on each.
    fireEvent.change(within(dialog).getByTestId('editor-emoji-search'), { target: { value: 'ampoule' } });
    const option = within(list).getByRole('option', { name: 'ampoule' });
    await userEvent.click(option);
    expect(reports.at(-1)).toBe('<p>Bravo💡</p>');
    await waitFor(() => expect(screen.queryByTestId('editor-emoji-dialog')).toBeNull());
  }, 60_000);
});
