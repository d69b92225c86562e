import type { SnapshotFrom } from 'xstate';
import { hrefFromInput } from '../../src/editor/safeHref';
import type { linkEditorMachine } from './linkEditor.machine';

type LinkEditorSnapshot = SnapshotFrom<typeof linkEditorMachine>;

/** The view-model of the link form and its alert. */
export const selectLinkEditorView = (snapshot: LinkEditorSnapshot) => ({
  /** The address form is shown. */
  isEditing: snapshot.matches('editing'),
  /** The "select text first" alert is shown. */
  isAlerting: snapshot.matches('alerting'),
  input: snapshot.context.input,
  /** The address typed is one the form saves. */
  isValid: hrefFromInput(snapshot.context.input) !== null,
  /** The delete button shows only when the link has an address. */
  canRemove: snapshot.matches('editing') && snapshot.context.currentHref !== '',
  /** Why nothing was saved, after a refused save and until the next keystroke. */
  showError: snapshot.matches('editing') && snapshot.context.showError,
});
