import { baseKeymap } from 'prosemirror-commands';
import { history } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import { tableEditing } from 'prosemirror-tables';
import { richTextKeymap, type KeymapOptions } from './richTextKeymap';
import { placeholder } from './placeholder';
import { sanitisePaste } from './sanitisePaste';
import { selectionBeforeKeys } from './selectionBeforeKeys';
import { trailingParagraph } from './trailingParagraph';

export interface DescriptionPluginOptions extends KeymapOptions {
  placeholder?: string;
}

/** The plugins of a rich-text editor of `schema`, in priority order (our keys win over the base keymap). */
export function richTextPlugins(schema: Schema, options: DescriptionPluginOptions): Plugin[] {
  const tables = schema.nodes.table !== undefined;
  return [
    // First: every key handler after it sees the selection the user sees.
    selectionBeforeKeys(),
    history(),
    richTextKeymap(schema, options),
    keymap(baseKeymap),
    sanitisePaste(),
    ...(options.placeholder ? [placeholder(options.placeholder)] : []),
    ...(tables || schema.nodes.horizontal_rule ? [trailingParagraph()] : []),
    // Cell selections, arrow keys across cells, pasting cells, fixing malformed tables: after the keymaps.
    ...(tables ? [tableEditing()] : []),
  ];
}
