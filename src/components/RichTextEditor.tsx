import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { toggleMark } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { Selection, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useIntl } from 'react-intl';
import { emojiPickerMachine } from '../../machines/emojiPicker/emojiPicker.machine';
import { createEmojiPickerActors } from '../../machines/emojiPicker/emojiPicker.actors';
import { selectEmojiPickerView } from '../../machines/emojiPicker/emojiPicker.selectors';
import { linkEditorMachine } from '../../machines/linkEditor/linkEditor.machine';
import { selectLinkEditorView } from '../../machines/linkEditor/linkEditor.selectors';
import { useInspectedMachine } from '../app/inspector';
import { insertHorizontalRule, insertText } from '../editor/commands/insert';
import { canLink, linkAt, removeLink, setLink } from '../editor/commands/link';
import { insertTable, TABLE_COMMANDS } from '../editor/commands/table';
import { toggleBlockquote } from '../editor/commands/toggleBlockquote';
import { setParagraph, toggleHeading } from '../editor/commands/toggleHeading';
import { toggleList } from '../editor/commands/toggleList';
import { sameToolbarState, toolbarStateOf, type ToolbarState } from '../editor/commands/toolbarState';
import { loadEmojiGroups } from '../editor/emoji/emojiGroups';
import { createRichTextState } from '../editor/editorState';
import { DeferredReport } from '../editor/deferredReport';
import { hasUnsupportedContent, serialiseHtml } from '../editor/html';
import { DESCRIPTION_MAX_LENGTH, htmlLength } from '../editor/htmlLength';
import type { DescriptionPluginOptions } from '../editor/plugins/descriptionPlugins';
import { schemaFor } from '../editor/schema';
import { ReportedValues } from '../editor/reportedValues';
import { syncSelectionFromDom } from '../editor/syncSelection';
import { normaliseTools, RICH_TEXT_TOOLS, type RichTextTool } from '../editor/tools';
import { EditorToolbar, type ToolbarAction } from '../editor/ui/EditorToolbar';
import { editorCountMessages as c, editorMessages as m } from '../editor/ui/editorMessages';
import { EmojiPicker } from '../editor/ui/EmojiPicker';
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
  /** Counted in characters of the HTML, as the API counts them; null: no limit and no counter. */
  maxLength?: number | null;
  isDisabled?: boolean;
  placeholder?: string;
  /**
   * The tools shown (a preset of RICH_TEXT_TOOLS or any list of its tools); they decide the schema too, so what
   * cannot be made with them is dropped from the HTML. Read once, on mount. Default: the description's.
   */
  tools?: readonly RichTextTool[];
  /** Height of the text box in pixels (it grows with the text up to 70% of the window): 256, 160 in the space form. */
  height?: number;
  /** The name under which a hidden text area holds the HTML (for a surrounding form), and which labels can point to. */
  name?: string;
  /** `focusEnd()`: puts the cursor at the end of the text (the lesson editor calls it when a block is added). */
  ref?: Ref<RichTextEditorHandle>;
  /**
   * Reports changes once typing pauses (src/editor/deferredReport.ts) instead of after every keystroke, and at
   * once on blur, on a shortcut key (Ctrl/Cmd/Alt, Échap) and on `flushPendingEdits()`: for pages where a report
   * is costly (a lesson of 200 blocks). The counter and `value` then follow a pause behind the text. Read once.
   */
  deferChanges?: boolean;
}

/** A pause in typing after which a deferred change is reported, and the longest a change waits while typing goes on. */
const DEFERRED_QUIET_MS = 150;
const DEFERRED_MAX_WAIT_MS = 1000;

export interface RichTextEditorHandle {
  focusEnd(): void;
}

/** Default height of the text box (spec 9: 256; 160 in the space form). */
export const RICH_TEXT_DEFAULT_HEIGHT = 256;

const COMMANDS: Record<Exclude<ToolbarAction, 'strong' | 'em' | 'strike' | 'underline' | 'code'>, Command> = {
  paragraph: setParagraph,
  heading2: toggleHeading(2),
  heading3: toggleHeading(3),
  heading4: toggleHeading(4),
  heading5: toggleHeading(5),
  heading6: toggleHeading(6),
  bulletList: toggleList('bullet_list'),
  orderedList: toggleList('ordered_list'),
  blockquote: toggleBlockquote,
  horizontalRule: insertHorizontalRule,
  table: insertTable,
  undo,
  redo,
};

/** A mark's toggle, for the schema of the state it runs on. */
const toggleMarkNamed =
  (name: string): Command =>
  (state, dispatch, view) => {
    const type = state.schema.marks[name];
    return type ? toggleMark(type)(state, dispatch, view) : false;
  };

const commandOf = (action: ToolbarAction): Command => (action in COMMANDS ? COMMANDS[action as keyof typeof COMMANDS] : toggleMarkNamed(action));

/**
 * The rich-text editor of every use (sales-page descriptions, lesson blocks, community posts, e-mail templates):
 * a ProseMirror view under a react-aria toolbar showing the `tools` of this use (RICH_TEXT_TOOLS presets), with
 * the link form (machines/linkEditor), the emoji dropdown (machines/emojiPicker), table tools while the cursor
 * is in a table, and a character counter. ProseMirror is an external widget: the view is created once and owns
 * its document; React renders the toolbar from the state the view reports. Load it with React.lazy so
 * ProseMirror stays out of the pages that do not edit rich text.
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
  tools: toolsProp = RICH_TEXT_TOOLS.description,
  height = RICH_TEXT_DEFAULT_HEIGHT,
  name,
  ref,
  deferChanges = false,
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
  const [tools] = useState(() => normaliseTools(toolsProp));
  const [schema] = useState(() => schemaFor(tools));
  const [pluginOptions] = useState<DescriptionPluginOptions>(() => ({ onLinkShortcut: () => openLinkRef.current(), placeholder }));
  const [initialState] = useState(() => createRichTextState(value, schema, pluginOptions));
  /** Writes the document out and reports it when it differs from the last report. */
  const [reportDocument] = useState(() => () => {
    const view = viewRef.current;
    if (view === null) return;
    const html = serialiseHtml(view.state.doc);
    if (html === reported.latest) return;
    reported.report(html);
    onChangeRef.current(html);
  });
  const [deferred] = useState(() => (deferChanges ? new DeferredReport(reportDocument, DEFERRED_QUIET_MS, DEFERRED_MAX_WAIT_MS) : null));
  const [toolbar, setToolbar] = useState<ToolbarState>(() => toolbarStateOf(initialState));
  const [unsupported] = useState(() => hasUnsupportedContent(value, schema));
  // The link form and the emoji dropdown are machines; their effects act on the view.
  const [linkMachine] = useState(() =>
    linkEditorMachine.provide({
      actions: {
        applyLink: (_, { href }) => runAndRefocus(setLink(href)),
        removeLink: () => runAndRefocus(removeLink),
      },
    }),
  );
  const [linkSnapshot, sendLink] = useInspectedMachine(linkMachine);
  const linkView = selectLinkEditorView(linkSnapshot);
  const [emojiMachine] = useState(() =>
    emojiPickerMachine.provide({
      actors: createEmojiPickerActors({ load: () => loadEmojiGroups(intl.locale) }),
      actions: { insertEmoji: (_, { emoji }) => runAndRefocus(insertText(emoji)) },
    }),
  );
  const [emojiSnapshot, sendEmoji] = useInspectedMachine(emojiMachine);
  const emojiView = selectEmojiPickerView(emojiSnapshot);
  // The toolbar names the text it controls once the text carries its id (the view is made after the first paint).
  const [textHasId, setTextHasId] = useState(false);

  const length = htmlLength(value);
  const tooLong = maxLength !== null && length > maxLength;
  const error = errorMessage ?? (tooLong ? intl.formatMessage(c.tooLong, { count: length, max: maxLength }) : undefined);

  useEffect(() => {
    onChangeRef.current = onChange;
    openLinkRef.current = () => {
      const view = viewRef.current;
      if (view === null || isDisabled || !tools.includes('link')) return;
      syncSelectionFromDom(view);
      sendLink({ type: 'OPEN', hasSelection: canLink(view.state) && !view.state.selection.empty, currentHref: linkAt(view.state)?.href ?? '' });
    };
  });

  const focusEnd = () => {
    const view = viewRef.current;
    if (view === null) return;
    view.dispatch(view.state.tr.setSelection(Selection.atEnd(view.state.doc)).scrollIntoView());
    view.focus();
  };
  useImperativeHandle(ref, () => ({ focusEnd }));

  // A new value from outside (not the echo of our own onChange) replaces the document and its history.
  // Declared before the view is created, so on mount it sees no view and leaves the first reading alone.
  useEffect(() => {
    const view = viewRef.current;
    if (view === null || reported.isEcho(value)) return;
    // The value from outside replaces the text, a change not yet reported included.
    deferred?.cancel();
    const next = createRichTextState(value, schema, pluginOptions);
    view.updateState(next);
    setToolbar(toolbarStateOf(next));
  }, [value, schema, pluginOptions, reported, deferred]);

  useEffect(() => {
    const view = new EditorView(mountRef.current, {
      state: initialState,
      dispatchTransaction(transaction) {
        const next = view.state.apply(transaction);
        view.updateState(next);
        // The same object while nothing on the toolbar changes (typing): the memoised toolbar then does not render.
        const shown = toolbarStateOf(next);
        setToolbar((previous) => (sameToolbarState(previous, shown) ? previous : shown));
        if (!transaction.docChanged) return;
        if (deferred) deferred.schedule();
        else reportDocument();
      },
      // Whoever acts next (a button, Ctrl+S, Ctrl+Entrée, Échap) reads the latest text.
      handleDOMEvents: {
        blur: () => {
          deferred?.flush();
          return false;
        },
      },
      handleKeyDown: (_, event) => {
        if (deferred && (event.ctrlKey || event.metaKey || event.altKey || event.key === 'Escape')) deferred.flush();
        return false;
      },
    });
    viewRef.current = view;
    const normalised = serialiseHtml(view.state.doc);
    if (normalised !== reported.latest) {
      reported.report(normalised);
      onChangeRef.current(normalised);
    }
    return () => {
      // The last change goes to the page before the text goes away (the block's machine ignores it if closed).
      deferred?.flush();
      view.destroy();
      viewRef.current = null;
    };
  }, [initialState, reported, reportDocument, deferred]);

  const describedBy = [description ? descriptionId : null, maxLength !== null ? countId : null, error ? errorId : null].filter(Boolean).join(' ');
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

  function run(command: Command) {
    const view = viewRef.current;
    if (view === null) return;
    syncSelectionFromDom(view);
    command(view.state, view.dispatch, view);
    view.focus();
  }
  /** Runs a command from a popover, then brings focus back to the text once the popover gave it to its button. */
  function runAndRefocus(command: Command) {
    run(command);
    requestAnimationFrame(() => viewRef.current?.focus());
  }
  // The toolbar's handlers and emoji button keep their identity from one keystroke to the next (they act on the
  // view through its ref), so the memoised toolbar renders only when what it shows changes.
  const [toolbarHandlers] = useState(() => ({
    onAction: (action: ToolbarAction) => run(commandOf(action)),
    onTableAction: (action: keyof typeof TABLE_COMMANDS) => run(TABLE_COMMANDS[action]),
    onLink: () => openLinkRef.current(),
  }));
  const emojiButton = useMemo(() => <EmojiPicker view={emojiView} send={sendEmoji} isDisabled={isDisabled} />, [emojiSnapshot, sendEmoji, isDisabled]); // eslint-disable-line react-hooks/exhaustive-deps -- emojiView is read from emojiSnapshot
  const frameStyle = { '--rich-text-height': `${height}px` } as CSSProperties;

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
      <div className="rich-text__frame" style={frameStyle}>
        <EditorToolbar
          tools={tools}
          state={toolbar}
          isDisabled={isDisabled}
          controls={textHasId ? editorId : undefined}
          onAction={toolbarHandlers.onAction}
          onTableAction={toolbarHandlers.onTableAction}
          onLink={toolbarHandlers.onLink}
          isLinkOpen={linkView.isEditing || linkView.isAlerting}
          linkButtonRef={linkButtonRef}
          emoji={emojiButton}
        />
        <div ref={mountRef} className="rich-text__mount" />
        {/* Hidden: holds the HTML for a surrounding form; focusing it (a label pointing to it) moves focus to the end of the text. */}
        <textarea className="visually-hidden" name={name} value={value} readOnly tabIndex={-1} aria-hidden="true" onFocus={focusEnd} data-testid="editor-hidden-textarea" />
      </div>
      <div className="ui-field__description rich-text__footer">
        <span id={descriptionId}>{description}</span>
        {maxLength !== null && (
          <span id={countId} className="rich-text__count" data-over={tooLong || undefined} aria-label={intl.formatMessage(c.countLabel, { count: length, max: maxLength })} data-testid="editor-count">
            {intl.formatMessage(c.count, { count: intl.formatNumber(length), max: intl.formatNumber(maxLength) })}
          </span>
        )}
      </div>
      {error ? (
        <div id={errorId} className="ui-field__error" data-testid="editor-error">
          {error}
        </div>
      ) : null}
      {tools.includes('link') && (
        <LinkPopover
          view={linkView}
          send={(event) => {
            sendLink(event);
            // Cancelled: after the popover gave focus back to the link button, typing goes on in the text.
            if (event.type === 'CANCEL') requestAnimationFrame(() => viewRef.current?.focus());
          }}
          triggerRef={linkButtonRef}
        />
      )}
    </div>
  );
}
