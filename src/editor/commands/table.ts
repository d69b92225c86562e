import type { Command, EditorState } from 'prosemirror-state';
import { TextSelection } from 'prosemirror-state';
import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, deleteColumn, deleteRow, deleteTable, isInTable, mergeCells } from 'prosemirror-tables';

/** A new table's size (spec: 3 rows by 3 columns, no header row). */
export const NEW_TABLE_ROWS = 3;
export const NEW_TABLE_COLUMNS = 3;

/** Whether the cursor (or a cell selection) is in a table: the table tools show only then. */
export function inTable(state: EditorState): boolean {
  return state.schema.nodes.table !== undefined && isInTable(state);
}

/**
 * Inserts a table of 3 rows by 3 columns of empty (non-header) cells after the current block, and puts the
 * cursor in its first cell. Refused inside a table (no nested tables) and where a table cannot go.
 */
export const insertTable: Command = (state, dispatch) => {
  const { table, table_row: row, table_cell: cell, paragraph } = state.schema.nodes;
  if (!table || !row || !cell || !paragraph || inTable(state)) return false;
  const cells = () => Array.from({ length: NEW_TABLE_COLUMNS }, () => cell.create(null, paragraph.create()));
  const node = table.create(null, Array.from({ length: NEW_TABLE_ROWS }, () => row.create(null, cells())));
  const { $from } = state.selection;
  // Find where a block may go: after the innermost text block's ancestor that accepts a table beside it.
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const parent = $from.node(depth - 1);
    const index = $from.index(depth - 1) + 1;
    if (!parent.canReplaceWith(index, index, table)) continue;
    const emptyBlock = $from.parent.isTextblock && $from.parent.content.size === 0 && depth === $from.depth;
    if (dispatch) {
      const tr = state.tr;
      const at = emptyBlock ? $from.before(depth) : $from.after(depth);
      if (emptyBlock) tr.replaceWith(at, $from.after(depth), node);
      else tr.insert(at, node);
      // at + 1 table, + 1 row, + 1 cell, + 1 paragraph: inside the first cell's paragraph.
      tr.setSelection(TextSelection.create(tr.doc, at + 4));
      dispatch(tr.scrollIntoView());
    }
    return true;
  }
  return false;
};

/** The table tools, shown while the cursor is in a table (prosemirror-tables' commands). */
export const TABLE_COMMANDS = {
  deleteTable,
  addColumnBefore,
  addColumnAfter,
  deleteColumn,
  addRowBefore,
  addRowAfter,
  deleteRow,
  mergeCells,
} as const satisfies Record<string, Command>;

export type TableAction = keyof typeof TABLE_COMMANDS;
