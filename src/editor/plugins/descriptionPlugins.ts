import { baseKeymap } from 'prosemirror-commands';
import { history } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Plugin } from 'prosemirror-state';
import { descriptionKeymap, type KeymapOptions } from './descriptionKeymap';
import { placeholder } from './placeholder';
import { sanitisePaste } from './sanitisePaste';
import { selectionBeforeKeys } from './selectionBeforeKeys';

export interface DescriptionPluginOptions extends KeymapOptions {
  placeholder?: string;
}

/** The plugins of the description editor, in priority order (our keys win over the base keymap). */
export function descriptionPlugins(options: DescriptionPluginOptions): Plugin[] {
  return [
    // First: every key handler after it sees the selection the user sees.
    selectionBeforeKeys(),
    history(),
    descriptionKeymap(options),
    keymap(baseKeymap),
    sanitisePaste(),
    ...(options.placeholder ? [placeholder(options.placeholder)] : []),
  ];
}
