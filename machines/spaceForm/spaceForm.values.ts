/**
 * The space form's values and the pure rules around them (shared by the machine, its views and its tests):
 * the interface-only auto-add mode and how it maps to the contract's `global` + `trainings`, the defaults on
 * create, the validation, and the body sent to createSpace / updateSpace.
 */
import type { components } from '../../src/api/schema.gen';

export type SpaceType = components['schemas']['SpaceType'];
export type SpaceState = components['schemas']['SpaceState'];
export type PostSort = components['schemas']['PostSort'];
export type Plan = components['schemas']['Plan'];
type Space = components['schemas']['Space'];
export type CreateSpaceBody = components['schemas']['CreateSpaceBody'];
export type UpdateSpaceBody = components['schemas']['UpdateSpaceBody'];

/** Interface only: ALL = every learner (global), TRAININGS = learners of the chosen trainings, MANUAL = added by hand. */
export type AutoAddMode = 'ALL' | 'TRAININGS' | 'MANUAL';

export const NAME_MAX = 128;
export const DESCRIPTION_MAX = 5000;

export interface SpaceFormValues {
  name: string;
  /** Rich text (HTML) or null. */
  description: string | null;
  type: SpaceType;
  state: SpaceState;
  autoAdd: AutoAddMode;
  /** The chosen trainings (kept while another mode is shown, sent only with TRAININGS). */
  trainings: readonly string[];
  readonly: boolean;
  showMembers: boolean;
  sort: PostSort;
  /** The collection the space sits in; null for a standalone space. */
  collection: string | null;
}

/** Field → message key; the views translate (spaceForm.errors.*). */
export type SpaceFormErrors = Partial<Record<'name' | 'description' | 'trainings', 'required' | 'tooLong'>>;

/** The values of a new space: CARD, DRAFT, readonly off, members shown, newest first; ALL on PRO, else MANUAL. */
export function createDefaults(plan: Plan | null, collection: string | null = null): SpaceFormValues {
  return {
    name: '',
    description: null,
    type: 'CARD',
    state: 'DRAFT',
    autoAdd: plan === 'PRO' ? 'ALL' : 'MANUAL',
    trainings: [],
    readonly: false,
    showMembers: true,
    sort: 'PUBLISHED_DESC',
    collection,
  };
}

/** On edit: global → ALL, else trainings present → TRAININGS, else MANUAL. */
export const autoAddOf = (space: Pick<Space, 'global' | 'trainings'>): AutoAddMode => (space.global ? 'ALL' : space.trainings.length > 0 ? 'TRAININGS' : 'MANUAL');

/** The values of an existing space. */
export function valuesOf(space: Space): SpaceFormValues {
  return {
    name: space.name,
    description: space.description,
    type: space.type,
    state: space.state,
    autoAdd: autoAddOf(space),
    trainings: space.trainings,
    readonly: space.settings.readonly,
    showMembers: space.settings.show_members,
    sort: space.settings.default_post_sort,
    collection: space.collection,
  };
}

/** The text length of rich text (tags do not count for the reader, but the contract counts the stored string). */
const stored = (html: string | null) => html ?? '';

/** What stops a save (empty when the values may be sent). */
export function validate(values: SpaceFormValues): SpaceFormErrors {
  const errors: SpaceFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'required';
  else if (name.length > NAME_MAX) errors.name = 'tooLong';
  if (stored(values.description).length > DESCRIPTION_MAX) errors.description = 'tooLong';
  if (values.autoAdd === 'TRAININGS' && values.trainings.length === 0) errors.trainings = 'required';
  return errors;
}

/** `global` and `trainings` for an auto-add mode: ALL → true, none; TRAININGS → false, the chosen; MANUAL → false, none. */
export function autoAddFields(values: Pick<SpaceFormValues, 'autoAdd' | 'trainings'>): { global: boolean; trainings: string[] } {
  switch (values.autoAdd) {
    case 'ALL':
      return { global: true, trainings: [] };
    case 'TRAININGS':
      return { global: false, trainings: [...values.trainings] };
    case 'MANUAL':
      return { global: false, trainings: [] };
  }
}

const common = (values: SpaceFormValues) => ({
  name: values.name.trim(),
  description: values.description,
  state: values.state,
  ...autoAddFields(values),
  settings: { readonly: values.readonly, show_members: values.showMembers, default_post_sort: values.sort },
});

/** POST /community/groups: the display mode is chosen here only. */
export const createBody = (values: SpaceFormValues): CreateSpaceBody => ({ ...common(values), type: values.type, collection: values.collection });

/** PUT /community/groups/{uuid}: everything but the display mode (fixed after create). */
export const updateBody = (values: SpaceFormValues): UpdateSpaceBody => common(values);

/** Options of the EXPERT plan (a gem icon and a tooltip mark them; the server refuses them on other plans). */
export const isExpertOnly = {
  state: (state: SpaceState) => state === 'PRIVATE',
  type: (type: SpaceType) => type === 'LIST',
  autoAdd: (mode: AutoAddMode) => mode !== 'ALL',
  readonly: (readonly: boolean) => readonly,
};
