import { Plugin } from 'prosemirror-state';
import { sanitiseIncomingHtml } from '../html';

/** Pasted or dropped HTML goes through DOMPurify before ProseMirror's clipboard parser reads it. */
export function sanitisePaste(): Plugin {
  return new Plugin({ props: { transformPastedHTML: (html) => sanitiseIncomingHtml(html) } });
}
