import type { SnapshotFrom } from 'xstate';
import type { itemCreationMachine } from './itemCreation.machine';

type ItemCreationSnapshot = SnapshotFrom<typeof itemCreationMachine>;

/** The view-model of the title prompt and the upgrade confirm of the item tree. */
export const selectItemCreationView = (snapshot: ItemCreationSnapshot) => {
  const prompting = snapshot.matches('prompting');
  const creating = snapshot.matches('creating');
  const created = snapshot.matches('created');
  return {
    /** The title prompt is open (typing, creating, or saying "created" until the redirect). */
    isPromptOpen: prompting || creating || created,
    /** The type is not in the plan: the upgrade confirm is open. */
    isUpgradeOffered: snapshot.matches('upgradeOffered'),
    /** The call runs: the field and buttons are disabled. */
    isCreating: creating,
    /** Created: the prompt says so until the editor opens. */
    isCreated: created,
    itemType: snapshot.context.itemType,
    title: snapshot.context.title,
    /** Why the last SUBMIT was refused ('required' | 'tooLong'). */
    problem: prompting ? snapshot.context.problem : null,
    /** Why the last creation failed (shown in the prompt, title kept). */
    failure: prompting ? snapshot.context.failure : null,
  };
};
