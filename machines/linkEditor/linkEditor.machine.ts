import { assign, setup } from 'xstate';
import { hrefFromInput } from '../../src/editor/safeHref';
import { notProvided } from '../support/notProvided';

export interface LinkEditorContext {
  /** What the address field holds. */
  input: string;
  /** The address of the link being edited ('' for a new link): the delete button shows only when there is one. */
  currentHref: string;
  /** A save was refused: the field says why until the next keystroke. */
  showError: boolean;
}

export type LinkEditorEvent =
  /** The link button or Mod-k: `hasSelection` when text is selected, `currentHref` the link under the selection ('' if none). */
  | { type: 'OPEN'; hasSelection: boolean; currentHref: string }
  /** A keystroke in the address field. */
  | { type: 'INPUT'; value: string }
  /** The form's submit (button or Enter). */
  | { type: 'SAVE' }
  /** The delete button (shown only when the link has an address). */
  | { type: 'REMOVE' }
  /** Cancel, Escape, a click outside; OK on the "select text first" alert. */
  | { type: 'CANCEL' };

/**
 * The link flow of the rich-text editor (spec 4, link flow; spec 5, link address).
 *
 *   closed ──OPEN [text selected or a link under the cursor]──> editing ──SAVE [valid address]──> closed (applyLink)
 *     │  └──OPEN [neither]──> alerting ──CANCEL──> closed              ├─SAVE [not valid]──> editing (showError)
 *     │                                                                ├─REMOVE [has an address]──> closed (removeLink)
 *     └─────────────────────────────────────────────────────────────── ├─INPUT──> editing (error cleared)
 *                                                                      └─CANCEL──> closed
 *
 * The address is read leniently ("exemple.fr" means https://exemple.fr, "nom@exemple.fr" a mailto) but must
 * end up a web (http, https) or e-mail address: anything else and SAVE does nothing but show why. The effects on
 * the document are injected: `applyLink` (params: the address) and `removeLink`.
 */
export const linkEditorMachine = setup({
  types: {} as { context: LinkEditorContext; events: LinkEditorEvent },
  actions: {
    /** Sets the link of the selection (or of the link under the cursor) to `href`. */
    applyLink: notProvided<{ href: string }>('linkEditor', 'applyLink'),
    /** Removes the link of the selection (or the link under the cursor). */
    removeLink: notProvided('linkEditor', 'removeLink'),
  },
  guards: {
    canLink: (_, params: { hasSelection: boolean; currentHref: string }) => params.hasSelection || params.currentHref !== '',
    isValidAddress: ({ context }) => hrefFromInput(context.input) !== null,
    hasAddress: ({ context }) => context.currentHref !== '',
  },
}).createMachine({
  id: 'linkEditor',
  context: { input: '', currentHref: '', showError: false },
  initial: 'closed',
  states: {
    /** No form open. */
    closed: {
      on: {
        OPEN: [
          {
            guard: { type: 'canLink', params: ({ event }) => event },
            target: 'editing',
            actions: assign(({ event }) => ({ input: event.currentHref, currentHref: event.currentHref, showError: false })),
          },
          { target: 'alerting', actions: assign({ input: '', currentHref: '', showError: false }) },
        ],
      },
    },
    /** Nothing to link: an alert asks to select text first. */
    alerting: {
      on: { CANCEL: 'closed' },
    },
    /** The address form is open. */
    editing: {
      on: {
        INPUT: { actions: assign(({ event }) => ({ input: event.value, showError: false })) },
        SAVE: [
          {
            guard: 'isValidAddress',
            target: 'closed',
            actions: { type: 'applyLink', params: ({ context }) => ({ href: hrefFromInput(context.input) ?? '' }) },
          },
          { actions: assign({ showError: true }) },
        ],
        REMOVE: { guard: 'hasAddress', target: 'closed', actions: 'removeLink' },
        CANCEL: 'closed',
      },
    },
  },
});
