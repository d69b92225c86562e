import type { MarkSpec } from 'prosemirror-model';
import { safeHref } from '../safeHref';

/**
 * `<a href>` to a web page or an e-mail address only. An unsafe address is not a link at all: parsing keeps
 * the text and drops the mark, and the attribute itself refuses it, so no command can set one either.
 */
export const link: MarkSpec = {
  attrs: {
    href: {
      validate: (value: unknown) => {
        if (typeof value !== 'string' || safeHref(value) === null) throw new RangeError('Unsafe link address');
      },
    },
  },
  inclusive: false,
  parseDOM: [
    {
      tag: 'a[href]',
      getAttrs: (dom) => {
        const href = safeHref(dom.getAttribute('href'));
        return href === null ? false : { href };
      },
    },
  ],
  toDOM: (mark) => ['a', { href: mark.attrs.href as string }, 0],
};
