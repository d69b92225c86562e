import type { NodeSpec } from 'prosemirror-model';
import { nodes } from 'prosemirror-schema-basic';

/** Every heading level an editor may offer. The page's own title is the `<h1>`, so rich text starts at `<h2>`. */
export const ALL_HEADING_LEVELS = [2, 3, 4, 5, 6] as const;
export type HeadingLevel = (typeof ALL_HEADING_LEVELS)[number];

/** The two heading levels of a sales page (the description editor). */
export const HEADING_LEVELS = [2, 3] as const satisfies readonly HeadingLevel[];

/**
 * A heading of one of `levels` (sorted, at least one). A heading of another level, stored or pasted, becomes
 * the nearest level offered: `<h1>` the first, a deeper one the deepest offered below it (for a sales page,
 * levels 2 and 3: `<h4>`–`<h6>` become level 3).
 */
export function headingSpec(levels: readonly HeadingLevel[]): NodeSpec {
  const first = levels[0] ?? 2;
  const nearest = (level: number) => [...levels].reverse().find((offered) => offered <= level) ?? first;
  return {
    ...nodes.heading,
    attrs: {
      level: {
        default: first,
        validate: (value: unknown) => {
          if (!levels.includes(value as HeadingLevel)) throw new RangeError(`Heading level ${String(value)} is not one of ${levels.join(', ')}`);
        },
      },
    },
    parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: nearest(level) } })),
    toDOM: (node) => [`h${node.attrs.level as HeadingLevel}`, 0],
  };
}

/** The heading of the description schema (levels 2 and 3). */
export const heading: NodeSpec = headingSpec(HEADING_LEVELS);
