import type { NodeSpec } from 'prosemirror-model';
import { orderedList as orderedListSpec } from 'prosemirror-schema-list';

/** Largest `start` kept: a numbered list of a sales page never starts in the millions; garbage does. */
const MAX_START = 9999;

/** `<ol>`, with its `start` kept when it is a sensible whole number (a stored `start="x"` would otherwise give NaN). */
export const orderedList: NodeSpec = {
  ...orderedListSpec,
  content: 'list_item+',
  group: 'block',
  parseDOM: [
    {
      tag: 'ol',
      getAttrs: (dom) => {
        const start = Number(dom.getAttribute('start') ?? '1');
        return { order: Number.isInteger(start) && start >= 0 && start <= MAX_START ? start : 1 };
      },
    },
  ],
};
