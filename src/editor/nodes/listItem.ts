import type { NodeSpec } from 'prosemirror-model';
import { listItem as listItemSpec } from 'prosemirror-schema-list';

/** `<li>`: a paragraph, then possibly more blocks (a nested list); the shape prosemirror-schema-list's commands expect. */
export const listItem: NodeSpec = { ...listItemSpec, content: 'paragraph block*' };
