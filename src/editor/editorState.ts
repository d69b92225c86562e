import { EditorState } from 'prosemirror-state';
import { parseHtml } from './html';
import { descriptionPlugins, type DescriptionPluginOptions } from './plugins/descriptionPlugins';

/** A fresh editor state (empty history) holding the description `html`. */
export function createDescriptionState(html: string, options: DescriptionPluginOptions): EditorState {
  return EditorState.create({ doc: parseHtml(html), plugins: descriptionPlugins(options) });
}
