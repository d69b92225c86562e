import { baseKeymap } from 'prosemirror-commands';
import { history } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Plugin } from 'prosemirror-state';
import { descriptionKeymap, type KeymapOptions } from './descriptionKeymap';
import { placeholder } from './placeholder';
import { sanitisePaste } from './sanitisePaste';

export interface DescriptionPluginOptions extends KeymapOptions {
  placeholder?: string;
}

/** The plugins of the description editor, in priority order (our keys win over the base keymap). */
export function descriptionPlugins(options: DescriptionPluginOptions): Plugin[] {
  return [
    history(),
    descriptionKeymap(options),
    keymap(baseKeymap),
    sanitisePaste(),
    ...(options.placeholder ? [placeholder(options.placeholder)] : []),
  ];
}
