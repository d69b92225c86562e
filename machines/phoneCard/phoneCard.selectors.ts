import type { SnapshotFrom } from 'xstate';
import type { phoneCardMachine } from './phoneCard.machine';

type PhoneCardSnapshot = SnapshotFrom<typeof phoneCardMachine>;

/** The view-model of the owner phone card. */
export const selectPhoneCardView = (snapshot: PhoneCardSnapshot) => ({
  /** The card is shown (asked and not closed). */
  isVisible: snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('saved'),
  /** The phone field and its Save button. */
  isEditing: snapshot.matches('editing'),
  /** Save pressed: the field and buttons are disabled, Close too. */
  isSaving: snapshot.matches('saving'),
  /** The success message, with Close. */
  isSaved: snapshot.matches('saved'),
  /** The phone as typed. */
  value: snapshot.context.value,
  /** Why the last SUBMIT was refused ('required' | 'format'): the view shows its message. */
  problem: snapshot.matches('editing') ? snapshot.context.problem : null,
  /** The last save's failure (error catalogue text and Save again). */
  failure: snapshot.matches('editing') ? snapshot.context.failure : null,
});
