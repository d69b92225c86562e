import type { NodeSpec } from 'prosemirror-model';
import { nodes } from 'prosemirror-schema-basic';

/**
 * The two heading levels of a sales page. The page's own title is the `<h1>`, so a description starts at
 * `<h2>`: an `<h1>` pasted in becomes a level 2, `<h4>`–`<h6>` a level 3.
 */
export const HEADING_LEVELS = [2, 3] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export const heading: NodeSpec = {
  ...nodes.heading,
  attrs: {
    level: {
      default: 2,
      validate: (value: unknown) => {
        if (!HEADING_LEVELS.includes(value as HeadingLevel)) throw new RangeError(`Heading level ${String(value)} is not 2 or 3`);
      },
    },
  },
  parseDOM: [
    { tag: 'h1', attrs: { level: 2 } },
    { tag: 'h2', attrs: { level: 2 } },
    { tag: 'h3', attrs: { level: 3 } },
    { tag: 'h4', attrs: { level: 3 } },
    { tag: 'h5', attrs: { level: 3 } },
    { tag: 'h6', attrs: { level: 3 } },
  ],
  toDOM: (node) => [`h${node.attrs.level as HeadingLevel}`, 0],
};
