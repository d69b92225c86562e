import type { SnapshotFrom } from 'xstate';
import type { spaceFormMachine } from './spaceForm.machine';
import { validate } from './spaceForm.values';

type SpaceFormSnapshot = SnapshotFrom<typeof spaceFormMachine>;

/** The view-model of the space form. */
export const selectSpaceFormView = (snapshot: SpaceFormSnapshot) => ({
  values: snapshot.context.values,
  /** Creating a space (the display mode can be chosen) rather than editing one. */
  isCreate: snapshot.context.spaceUuid === null,
  /** The errors shown (once a save was asked). */
  errors: snapshot.context.showErrors ? validate(snapshot.context.values) : {},
  /** The trainings picker shows only in the TRAININGS mode. */
  showsTrainings: snapshot.context.values.autoAdd === 'TRAININGS',
  isSaving: snapshot.matches('saving'),
  isSaved: snapshot.matches('saved'),
  failure: snapshot.context.failure,
});
