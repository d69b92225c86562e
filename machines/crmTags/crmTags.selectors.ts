import type { SnapshotFrom } from 'xstate';
import type { crmTagsMachine } from './crmTags.machine';

type CrmTagsSnapshot = SnapshotFrom<typeof crmTagsMachine>;

/** The view-model of a customer's tags. */
export const selectCrmTagsView = (snapshot: CrmTagsSnapshot) => ({
  tags: snapshot.context.tags,
  draft: snapshot.context.draft,
  /** A change is on its way: the field and buttons wait. */
  isBusy: !snapshot.matches('idle'),
  isAdding: snapshot.matches('adding'),
  /** The tag whose removal is on its way. */
  removing: snapshot.matches('removing') ? snapshot.context.pending : null,
  problem: snapshot.context.problem,
  failure: snapshot.matches('idle') ? snapshot.context.failure : null,
});
