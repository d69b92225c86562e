import type { components } from '../../src/api/schema.gen';

export type Plan = components['schemas']['Plan'];
export type TrainingItemType = components['schemas']['TrainingItemType'];

/** The types created by a title prompt (then edited in their editor); SECTION has its own dialog, SCORM an upload. */
export type PromptedItemType = Extract<TrainingItemType, 'GENERIC' | 'VIDEO' | 'QUIZ' | 'TASKS' | 'ASSIGNMENT'>;

/** The types the "add" menu of a section offers, in its order. */
export const ADDABLE_ITEM_TYPES = ['GENERIC', 'VIDEO', 'QUIZ', 'TASKS', 'ASSIGNMENT', 'SCORM'] as const satisfies readonly TrainingItemType[];
export type AddableItemType = (typeof ADDABLE_ITEM_TYPES)[number];

/**
 * Plan gating of item types (spec section 6), the same rule the server applies (403 PLAN_REQUIRED):
 * SCORM needs EXPERT, TASKS a plan other than PERCENT, ASSIGNMENT PRO or EXPERT. Types not listed are open
 * to every plan.
 */
const PLANS_OF: Partial<Record<TrainingItemType, readonly Plan[]>> = {
  SCORM: ['EXPERT'],
  TASKS: ['PERK', 'PRO', 'EXPERT'],
  ASSIGNMENT: ['PRO', 'EXPERT'],
};

/** Who is creating: the store's plan, and the platform-admin flag that passes plan checks (as on the server). */
export interface Creator {
  plan: Plan;
  isPlatformAdmin: boolean;
}

/** The plans that include `type`, or null when every plan does. */
export const plansIncluding = (type: TrainingItemType): readonly Plan[] | null => PLANS_OF[type] ?? null;

/** Whether the creator's plan lets them add an item of `type`. */
export function isTypeAllowed(type: TrainingItemType, creator: Creator): boolean {
  const plans = plansIncluding(type);
  return creator.isPlatformAdmin || plans === null || plans.includes(creator.plan);
}

/** The contract's limit on every item title (sections included). */
export const TITLE_MAX_LENGTH = 128;

export type TitleProblem = 'required' | 'tooLong';

/** Spec section 9: a title is required (after trimming) and at most 128 characters. Null when acceptable. */
export function titleProblem(title: string): TitleProblem | null {
  const trimmed = title.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > TITLE_MAX_LENGTH) return 'tooLong';
  return null;
}
