import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '../../api/schema.gen';

/** The French names of the team roles (spec 6), shared by the team page and the invitation page. */
export const roleMessages: Record<components['schemas']['Role'], MessageDescriptor> = defineMessages({
  OWNER: { id: 'team.role.owner', defaultMessage: 'Propriétaire' },
  ADMIN: { id: 'team.role.admin', defaultMessage: 'Administrateur' },
  TEACHER: { id: 'team.role.teacher', defaultMessage: 'Formateur' },
  ANALYST: { id: 'team.role.analyst', defaultMessage: 'Analyste' },
  STAFF: { id: 'team.role.staff', defaultMessage: 'Personnel' },
});

