import { tableNodes } from 'prosemirror-tables';

/**
 * `<table>` built on prosemirror-tables: rows of cells (`<td>`, `<th>` for header cells read from stored or
 * pasted HTML), each cell holding blocks, with `colspan` / `rowspan` after a merge. No column widths: a lesson's
 * table takes the width of its column, so nothing but colspan and rowspan is written on a cell.
 */
export const tableNodeSpecs = tableNodes({ tableGroup: 'block', cellContent: 'block+', cellAttributes: {} });
