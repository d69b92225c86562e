import type { NodeSpec } from 'prosemirror-model';
import { bulletList as bulletListSpec } from 'prosemirror-schema-list';

/** `<ul>`. */
export const bulletList: NodeSpec = { ...bulletListSpec, content: 'list_item+', group: 'block' };
