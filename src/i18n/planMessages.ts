import { defineMessages } from 'react-intl';
import type { components } from '../api/schema.gen';

type Plan = components['schemas']['Plan'];
type Role = components['schemas']['Role'];

/** Plan names as the product shows them (PERCENT is "Découverte"). */
export const planMessages = defineMessages({
  PERCENT: { id: 'plan.PERCENT', defaultMessage: 'Découverte' },
  PERK: { id: 'plan.PERK', defaultMessage: 'Perk' },
  PRO: { id: 'plan.PRO', defaultMessage: 'Pro' },
  EXPERT: { id: 'plan.EXPERT', defaultMessage: 'Expert' },
}) satisfies Record<Plan, unknown>;

/** Role labels of spec section 6. */
export const roleMessages = defineMessages({
  OWNER: { id: 'role.OWNER', defaultMessage: 'Propriétaire' },
  ADMIN: { id: 'role.ADMIN', defaultMessage: 'Administrateur' },
  TEACHER: { id: 'role.TEACHER', defaultMessage: 'Formateur' },
  ANALYST: { id: 'role.ANALYST', defaultMessage: 'Analyste' },
  STAFF: { id: 'role.STAFF', defaultMessage: 'Personnel' },
}) satisfies Record<Role, unknown>;
