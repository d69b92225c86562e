import type { SnapshotFrom } from 'xstate';
import { HIDE_CONFIRM_OFFERED_FROM, type treeDialogsMachine } from './treeDialogs.machine';

type TreeDialogsSnapshot = SnapshotFrom<typeof treeDialogsMachine>;

/** The view-model of the content tree's dialogs: which one is open, for what, and how its call goes. */
export const selectTreeDialogsView = (snapshot: TreeDialogsSnapshot) => {
  const { context } = snapshot;
  const entryOpen = snapshot.matches('entry');
  const elsewhereOpen = snapshot.matches('elsewhere');
  // The confirmation stays open, busy, while the publish it confirmed runs.
  const publishing = snapshot.matches({ publication: 'saving' });
  const confirmOpen = snapshot.matches({ publication: 'confirming' }) || (publishing && context.confirmed !== null);
  return {
    /** The section / rename dialog's mode while it is open. */
    entry: entryOpen ? context.entry : null,
    /** The entry copied into another training, while that dialog is open. */
    duplicateElsewhere: elsewhereOpen ? context.node : null,
    /** The section a SCORM package goes into, while the upload dialog is open. */
    scormSection: snapshot.matches('scorm') ? context.node : null,
    /** The upgrade offer (SCORM is not in the plan). */
    isUpgradeOffered: snapshot.matches('scormUpgrade'),
    /** The item whose publication is being confirmed ("Publier « … » ?"), while that dialog is open. */
    publishConfirm: confirmOpen ? context.node : null,
    /** The confirmation also offers "Ne plus me demander" (from its third showing). */
    isHideConfirmOffered: confirmOpen && context.confirmCount >= HIDE_CONFIRM_OFFERED_FROM,
    /** The item being published or put back to draft (with or without the dialog). */
    settingDraftOf: publishing ? context.node : null,
    /** The open dialog's call runs: its buttons are busy and it cannot be closed. */
    isBusy: snapshot.matches({ entry: 'saving' }) || snapshot.matches({ elsewhere: 'duplicating' }) || (publishing && confirmOpen),
    /** The one-click duplicate runs: "Dupliquer" waits. */
    isDuplicatingHere: snapshot.matches('duplicatingHere'),
    /** The title problem of the entry dialog (checked before the call). */
    problem: entryOpen ? context.problem : null,
    /** The open dialog's last failure (the server's field errors go on the title). */
    failure: entryOpen || elsewhereOpen ? context.failure : null,
  };
};
