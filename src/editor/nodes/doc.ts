import type { NodeSpec } from 'prosemirror-model';

/** The whole description: one or more blocks (an empty one is a single empty paragraph). */
export const doc: NodeSpec = { content: 'block+' };
