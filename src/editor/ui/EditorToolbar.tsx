import { Fragment, memo, type ReactNode, type Ref } from 'react';
import {
  BetweenHorizontalEnd,
  BetweenHorizontalStart,
  BetweenVerticalEnd,
  BetweenVerticalStart,
  Bold,
  Code,
  Columns3,
  Heading2,
  Heading3,
  Heading4,
  Heading5,
  Heading6,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Pilcrow,
  Quote,
  Redo2,
  Rows3,
  Strikethrough,
  Table,
  TableCellsMerge,
  Trash2,
  Underline,
  Undo2,
} from 'lucide-react';
import { Button, Group, Separator, ToggleButton, Toolbar, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { TableAction } from '../commands/table';
import type { ToolbarState } from '../commands/toolbarState';
import { SHORTCUTS } from '../plugins/richTextKeymap';
import { TOOL_GROUPS, type RichTextTool } from '../tools';
import { ariaShortcut, isMacPlatform, shortcutLabel } from './shortcutLabel';
import { editorMessages as m } from './editorMessages';

/** A tool that runs a ProseMirror command (the link and emoji tools open their own forms). */
export type ToolbarAction = Exclude<RichTextTool, 'link' | 'emoji'>;

export interface EditorToolbarProps {
  /** The tools shown, in any order (the toolbar's order is TOOL_GROUPS'). */
  tools: readonly RichTextTool[];
  state: ToolbarState;
  isDisabled: boolean;
  /** The id of the text the buttons act on; absent until the text carries it. */
  controls: string | undefined;
  onAction: (action: ToolbarAction) => void;
  onTableAction: (action: TableAction) => void;
  onLink: () => void;
  isLinkOpen: boolean;
  linkButtonRef: Ref<HTMLButtonElement>;
  /** The emoji button and its dropdown, shown where the emoji tool goes. */
  emoji?: ReactNode;
}

const ICON = { size: 18, 'aria-hidden': true, focusable: false } as const;
const mac = isMacPlatform();

type ToggleTool = 'strong' | 'em' | 'strike' | 'underline' | 'code' | 'paragraph' | 'heading2' | 'heading3' | 'heading4' | 'heading5' | 'heading6' | 'bulletList' | 'orderedList' | 'blockquote';
type PressTool = 'horizontalRule' | 'table' | 'undo' | 'redo';

const TOGGLES: Record<ToggleTool, { label: MessageDescriptor; icon: ReactNode }> = {
  strong: { label: m.strong, icon: <Bold {...ICON} /> },
  em: { label: m.em, icon: <Italic {...ICON} /> },
  strike: { label: m.strike, icon: <Strikethrough {...ICON} /> },
  underline: { label: m.underline, icon: <Underline {...ICON} /> },
  code: { label: m.code, icon: <Code {...ICON} /> },
  paragraph: { label: m.paragraph, icon: <Pilcrow {...ICON} /> },
  heading2: { label: m.heading2, icon: <Heading2 {...ICON} /> },
  heading3: { label: m.heading3, icon: <Heading3 {...ICON} /> },
  heading4: { label: m.heading4, icon: <Heading4 {...ICON} /> },
  heading5: { label: m.heading5, icon: <Heading5 {...ICON} /> },
  heading6: { label: m.heading6, icon: <Heading6 {...ICON} /> },
  bulletList: { label: m.bulletList, icon: <List {...ICON} /> },
  orderedList: { label: m.orderedList, icon: <ListOrdered {...ICON} /> },
  blockquote: { label: m.blockquote, icon: <Quote {...ICON} /> },
};
const PRESSES: Record<PressTool, { label: MessageDescriptor; icon: ReactNode }> = {
  horizontalRule: { label: m.horizontalRule, icon: <Minus {...ICON} /> },
  table: { label: m.table, icon: <Table {...ICON} /> },
  undo: { label: m.undo, icon: <Undo2 {...ICON} /> },
  redo: { label: m.redo, icon: <Redo2 {...ICON} /> },
};
const TABLE_TOOLS: Record<TableAction, { label: MessageDescriptor; icon: ReactNode }> = {
  addColumnBefore: { label: m.addColumnBefore, icon: <BetweenVerticalStart {...ICON} /> },
  addColumnAfter: { label: m.addColumnAfter, icon: <BetweenVerticalEnd {...ICON} /> },
  deleteColumn: { label: m.deleteColumn, icon: <Columns3 {...ICON} /> },
  addRowBefore: { label: m.addRowBefore, icon: <BetweenHorizontalStart {...ICON} /> },
  addRowAfter: { label: m.addRowAfter, icon: <BetweenHorizontalEnd {...ICON} /> },
  deleteRow: { label: m.deleteRow, icon: <Rows3 {...ICON} /> },
  mergeCells: { label: m.mergeCells, icon: <TableCellsMerge {...ICON} /> },
  deleteTable: { label: m.deleteTable, icon: <Trash2 {...ICON} /> },
};

const shortcutOf = (tool: string): string | undefined => (SHORTCUTS as Record<string, string>)[tool];

/**
 * The formatting toolbar (react-aria Toolbar: one Tab stop, arrow keys move between buttons), showing the
 * `tools` of this use in groups; it wraps onto more lines when narrow. Toggle buttons show what applies at the
 * selection; buttons that cannot act there are disabled. While the cursor is in a table, a last row holds the
 * table tools. Memoised: typing changes none of its props (the editor keeps the same state object while the
 * buttons show the same), so a keystroke does not render its twenty react-aria buttons and their tooltips.
 */
export const EditorToolbar = memo(function EditorToolbar({ tools, state, isDisabled, controls, onAction, onTableAction, onLink, isLinkOpen, linkButtonRef, emoji }: EditorToolbarProps) {
  const intl = useIntl();
  const shown = new Set(tools);
  const groups = TOOL_GROUPS.map((group) => group.filter((tool) => shown.has(tool))).filter((group) => group.length > 0);

  const selected = (tool: ToggleTool): boolean => {
    if (tool.startsWith('heading')) return state.heading === Number(tool.slice('heading'.length));
    return state[tool as Exclude<ToggleTool, `heading${number}`>] as boolean;
  };
  const allowed = (tool: ToggleTool | PressTool): boolean => (tool in state.can ? state.can[tool as keyof ToolbarState['can']] : true);

  const render = (tool: RichTextTool) => {
    if (tool === 'link') {
      const label = state.link ? m.editLink : m.link;
      return (
        <Hint key={tool} label={label} shortcut={SHORTCUTS.link}>
          <Button
            ref={linkButtonRef}
            className="ui-icon-button rich-text__button"
            aria-label={intl.formatMessage(label)}
            aria-keyshortcuts={ariaShortcut(SHORTCUTS.link, mac)}
            aria-haspopup="dialog"
            aria-expanded={isLinkOpen}
            // Not a toggle (it opens a dialog), but drawn like one when the selection is in a link.
            data-active={state.link || undefined}
            isDisabled={isDisabled}
            onPress={onLink}
            data-testid="editor-link"
          >
            <Link {...ICON} />
          </Button>
        </Hint>
      );
    }
    if (tool === 'emoji') return <Fragment key={tool}>{emoji}</Fragment>;
    if (tool in TOGGLES) {
      const { label, icon } = TOGGLES[tool as ToggleTool];
      return (
        <Hint key={tool} label={label} shortcut={shortcutOf(tool)}>
          <ToggleButton
            className="ui-icon-button rich-text__button"
            aria-label={intl.formatMessage(label)}
            aria-keyshortcuts={keysOf(tool)}
            aria-controls={controls}
            isSelected={selected(tool as ToggleTool)}
            isDisabled={isDisabled || !allowed(tool as ToggleTool)}
            onChange={() => onAction(tool as ToolbarAction)}
            data-testid={`editor-${tool}`}
          >
            {icon}
          </ToggleButton>
        </Hint>
      );
    }
    const { label, icon } = PRESSES[tool as PressTool];
    return (
      <Hint key={tool} label={label} shortcut={shortcutOf(tool)}>
        <Button
          className="ui-icon-button rich-text__button"
          aria-label={intl.formatMessage(label)}
          aria-keyshortcuts={keysOf(tool)}
          aria-controls={controls}
          isDisabled={isDisabled || !allowed(tool as PressTool)}
          onPress={() => onAction(tool as ToolbarAction)}
          data-testid={`editor-${tool}`}
        >
          {icon}
        </Button>
      </Hint>
    );
  };

  return (
    <Toolbar className="rich-text__toolbar" aria-label={intl.formatMessage(m.toolbar)} data-testid="editor-toolbar">
      {groups.map((group, index) => (
        <Fragment key={group.join()}>
          {index > 0 && <Separator orientation="vertical" className="rich-text__separator" />}
          <Group className="rich-text__group">{group.map(render)}</Group>
        </Fragment>
      ))}
      {shown.has('table') && state.table && (
        <Group className="rich-text__group rich-text__table-tools" aria-label={intl.formatMessage(m.tableTools)} data-testid="editor-table-tools">
          {(Object.keys(TABLE_TOOLS) as TableAction[]).map((action) => {
            const { label, icon } = TABLE_TOOLS[action];
            return (
              <Hint key={action} label={label}>
                <Button
                  className="ui-icon-button rich-text__button"
                  aria-label={intl.formatMessage(label)}
                  aria-controls={controls}
                  isDisabled={isDisabled || !state.can[action]}
                  onPress={() => onTableAction(action)}
                  data-testid={`editor-table-${action}`}
                >
                  {icon}
                </Button>
              </Hint>
            );
          })}
        </Group>
      )}
    </Toolbar>
  );
});

const keysOf = (tool: string) => {
  const shortcut = shortcutOf(tool);
  return shortcut === undefined ? undefined : ariaShortcut(shortcut, mac);
};

/** A tooltip naming the button and its shortcut, shown on hover and keyboard focus. */
export function Hint({ label, shortcut, children }: { label: MessageDescriptor; shortcut?: string | undefined; children: ReactNode }) {
  const intl = useIntl();
  return (
    <TooltipTrigger delay={500}>
      {children}
      <Tooltip className="rich-text__tooltip" offset={6}>
        {intl.formatMessage(label)}
        {shortcut !== undefined && (
          <>
            {' '}
            <kbd>{shortcutLabel(shortcut, mac, intl.formatMessage(m.shift))}</kbd>
          </>
        )}
      </Tooltip>
    </TooltipTrigger>
  );
}
