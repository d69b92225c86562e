import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toggleMark } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import type { Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useIntl } from 'react-intl';
import { linkAt, removeLink, setLink } from '../editor/commands/link';
import { toggleBlockquote } from '../editor/commands/toggleBlockquote';
import { toggleHeading } from '../editor/commands/toggleHeading';
import { toggleList } from '../editor/commands/toggleList';
import { toolbarStateOf, type ToolbarState } from '../editor/commands/toolbarState';
import { createDescriptionState } from '../editor/editorState';
import { hasUnsupportedContent, serialiseHtml } from '../editor/html';
import { DESCRIPTION_MAX_LENGTH, htmlLength } from '../editor/htmlLength';
import type { DescriptionPluginOptions } from '../editor/plugins/descriptionPlugins';
import { descriptionSchema } from '../editor/schema';
import { ReportedValues } from '../editor/reportedValues';
import { syncSelectionFromDom } from '../editor/syncSelection';
import { EditorToolbar, type ToolbarAction } from '../editor/ui/EditorToolbar';
import { editorCountMessages as c, editorMessages as m } from '../editor/ui/editorMessages';
import { LinkPopover } from '../editor/ui/LinkPopover';
import { Banner } from './ui/Banner';
import 'prosemirror-view/style/prosemirror.css';
import './RichTextEditor.css';

export interface RichTextEditorProps {
  /** The HTML shown. A value the editor did not report itself (late echoes included) replaces the content. */
  value: string;
  /** The new HTML after each change ('' when the text is empty); also called once on mount when reading
   * `value` normalised it (sanitised, unknown elements dropped), so what is saved is what is shown. */
  onChange: (html: string) => void;
  /** Visible label; without it give `aria-label` or `aria-labelledby`. */
  label?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  description?: ReactNode;
  errorMessage?: string;
  /** Counted in characters of the HTML, as the API counts them. */
  maxLength?: number;
  isDisabled?: boolean;
  placeholder?: string;
}

const { marks, nodes } = descriptionSchema;
const ACTIONS: Record<ToolbarAction, Command> = {
  strong: toggleMark(marks.strong),
  em: toggleMark(marks.em),
  heading2: toggleHeading(2),
  heading3: toggleHeading(3),
  bulletList: toggleList(nodes.bullet_list),
  orderedList: toggleList(nodes.ordered_list),
  blockquote: toggleBlockquote,
  undo,
  redo,
};

/**
 * The rich-text editor of sales-page descriptions: a ProseMirror view (the schema of src/editor) under a
 * react-aria toolbar, with a link dialog and a character counter. ProseMirror is an external widget: the view
 * is created once and owns its document; React renders the toolbar from the state the view reports. Load it
 * with React.lazy so ProseMirror stays out of the pages that do not edit rich text.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  description,
  errorMessage,
  maxLength = DESCRIPTION_MAX_LENGTH,
  isDisabled = false,
  placeholder,
}: RichTextEditorProps) {
  const intl = useIntl();
  const labelId = useId();
  const descriptionId = useId();
  const countId = useId();
  const errorId = useId();
  const editorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const linkButtonRef = useRef<HTMLButtonElement>(null);
  /** The HTML reported (or received): a `value` among them is our own echo, perhaps late, not a replacement. */
  const [reported] = useState(() => new ReportedValues(value));
  const onChangeRef = useRef(onChange);
  const openLinkRef = useRef<() => void>(() => undefined);
  const [pluginOptions] = useState<DescriptionPluginOptions>(() => ({ onLinkShortcut: () => openLinkRef.current(), placeholder }));
  const [initialState] = useState(() => createDescriptionState(value, pluginOptions));
  const [toolbar, setToolbar] = useState<ToolbarState>(() => toolbarStateOf(initialState));
  const [unsupported] = useState(() => hasUnsupportedContent(value));
  const [link, setLinkDialog] = useState<{ isOpen: boolean; href: string }>({ isOpen: false, href: '' });
  // The toolbar names the text it controls once the text carries its id (the view is made after the first paint).
  const [textHasId, setTextHasId] = useState(false);

  const length = htmlLength(value);
  const tooLong = length > maxLength;
  const error = errorMessage ?? (tooLong ? intl.formatMessage(c.tooLong, { count: length, max: maxLength }) : undefined);

  useEffect(() => {
    onChangeRef.current = onChange;
    openLinkRef.current = () => {
      const view = viewRef.current;
      if (view === null || isDisabled) return;
      syncSelectionFromDom(view);
      setLinkDialog({ isOpen: true, href: linkAt(view.state)?.href ?? '' });
    };
  });

  // A new value from outside (not the echo of our own onChange) replaces the document and its history.
  // Declared before the view is created, so on mount it sees no view and leaves the first reading alone.
  useEffect(() => {
    const view = viewRef.current;
    if (view === null || reported.isEcho(value)) return;
    const next = createDescriptionState(value, pluginOptions);
    view.updateState(next);
    setToolbar(toolbarStateOf(next));
  }, [value, pluginOptions, reported]);

  useEffect(() => {
    const view = new EditorView(mountRef.current, {
      state: initialState,
      dispatchTransaction(transaction) {
        const next = view.state.apply(transaction);
        view.updateState(next);
        setToolbar(toolbarStateOf(next));
        if (!transaction.docChanged) return;
        const html = serialiseHtml(next.doc);
        if (html === reported.latest) return;
        reported.report(html);
        onChangeRef.current(html);
      },
    });
    viewRef.current = view;
    const normalised = serialiseHtml(view.state.doc);
    if (normalised !== reported.latest) {
      reported.report(normalised);
      onChangeRef.current(normalised);
    }
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [initialState, reported]);

  const describedBy = [description ? descriptionId : null, countId, error ? errorId : null].filter(Boolean).join(' ');
  useEffect(() => {
    const attributes: Record<string, string> = {
      id: editorId,
      class: 'rich-text__content',
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-describedby': describedBy,
      'aria-invalid': error ? 'true' : 'false',
      'data-testid': 'editor-content',
      spellcheck: 'true',
    };
    if (isDisabled) attributes['aria-disabled'] = 'true';
    if (label) attributes['aria-labelledby'] = labelId;
    else if (ariaLabelledBy) attributes['aria-labelledby'] = ariaLabelledBy;
    else if (ariaLabel) attributes['aria-label'] = ariaLabel;
    viewRef.current?.setProps({ attributes, editable: () => !isDisabled });
    setTextHasId(viewRef.current !== null);
  }, [editorId, describedBy, error, isDisabled, label, labelId, ariaLabelledBy, ariaLabel, initialState]);

  const run = (command: Command) => {
    const view = viewRef.current;
    if (view === null) return;
    syncSelectionFromDom(view);
    command(view.state, view.dispatch, view);
    view.focus();
  };
  const closeLink = () => {
    setLinkDialog((current) => ({ ...current, isOpen: false }));
    // After the popover gave focus back to the button that opened it: typing goes on in the text.
    requestAnimationFrame(() => viewRef.current?.focus());
  };

  return (
    <div className="rich-text ui-field" data-disabled={isDisabled || undefined} data-invalid={error ? true : undefined}>
      {label ? (
        // Not a <label>: a content-editable element is not labelable; aria-labelledby names it instead.
        <span id={labelId} className="ui-field__label" onClick={() => viewRef.current?.focus()}>
          {label}
        </span>
      ) : null}
      {unsupported && (
        <Banner variant="warning" data-testid="editor-unsupported">
          {intl.formatMessage(m.unsupported)}
        </Banner>
      )}
      <div className="rich-text__frame">
        <EditorToolbar
          state={toolbar}
          isDisabled={isDisabled}
          controls={textHasId ? editorId : undefined}
          onAction={(action) => run(ACTIONS[action])}
          onLink={() => openLinkRef.current()}
          isLinkOpen={link.isOpen}
          linkButtonRef={linkButtonRef}
        />
        <div ref={mountRef} className="rich-text__mount" />
      </div>
      <div className="ui-field__description rich-text__footer">
        <span id={descriptionId}>{description}</span>
        <span id={countId} className="rich-text__count" data-over={tooLong || undefined} aria-label={intl.formatMessage(c.countLabel, { count: length, max: maxLength })} data-testid="editor-count">
          {intl.formatMessage(c.count, { count: intl.formatNumber(length), max: intl.formatNumber(maxLength) })}
        </span>
      </div>
      {error ? (
        <div id={errorId} className="ui-field__error" data-testid="editor-error">
          {error}
        </div>
      ) : null}
      <LinkPopover
        isOpen={link.isOpen}
        onOpenChange={(isOpen) => (isOpen ? openLinkRef.current() : closeLink())}
        triggerRef={linkButtonRef}
        currentHref={link.href}
        onApply={(href) => {
          run(setLink(href));
          closeLink();
        }}
        onRemove={() => {
          run(removeLink);
          closeLink();
        }}
      />
    </div>
  );
}
