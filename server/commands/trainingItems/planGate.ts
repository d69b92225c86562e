import { isTypeAllowed, type Plan, type TrainingItemType } from '../../../machines/itemCreation/itemTypes.js';
import { forbidden } from '../../http/errors.js';
import { messages } from '../../http/messages.js';

/** Who adds items: the store's plan and the platform-admin flag (which passes plan checks, as x-plans do). */
export interface PlanHolder {
  plan: Plan;
  isPlatformAdmin: boolean;
}

/**
 * Plan gating of item types (spec section 6) with the very rule the UI uses to lock its menu entries:
 * SCORM needs EXPERT, TASKS a plan other than PERCENT, ASSIGNMENT PRO or EXPERT. Checked when items
 * come into being (create, duplicate), not when existing ones are edited or moved: a store that changed
 * plan keeps working on what it built. Throws 403 PLAN_REQUIRED.
 */
export function checkItemTypes(types: Iterable<TrainingItemType>, holder: PlanHolder): void {
  for (const type of types) if (!isTypeAllowed(type, holder)) throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
}
