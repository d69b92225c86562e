import type { Schema } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { parseHtml } from './html';
import { richTextPlugins, type DescriptionPluginOptions } from './plugins/descriptionPlugins';
import { descriptionSchema } from './schema';

/** A fresh editor state (empty history) of `schema` holding `html`. */
export function createRichTextState(html: string, schema: Schema, options: DescriptionPluginOptions): EditorState {
  const state = EditorState.create({ doc: parseHtml(html, schema), plugins: richTextPlugins(schema, options) });
  // Let appended transactions (the paragraph after a last table) run once, outside the history.
  return state.apply(state.tr.setMeta('addToHistory', false));
}

/** A fresh editor state (empty history) holding the description `html`. */
export function createDescriptionState(html: string, options: DescriptionPluginOptions): EditorState {
  return createRichTextState(html, descriptionSchema, options);
}
