import { defineMessages } from 'react-intl';

/** Messages the admin pages share. */
export const adminMessages = defineMessages({
  home: { id: 'admin.home.title', defaultMessage: 'Administration de la plateforme' },
  tops: { id: 'admin.tops.title', defaultMessage: 'Tops des écoles' },
  kpi: { id: 'admin.kpi.title', defaultMessage: 'Indicateurs de la plateforme' },
  operations: { id: 'admin.operations.title', defaultMessage: 'Opérations' },
  PERCENT: { id: 'admin.plan.PERCENT', defaultMessage: 'Découverte' },
  PERK: { id: 'admin.plan.PERK', defaultMessage: 'Perk' },
  PRO: { id: 'admin.plan.PRO', defaultMessage: 'Pro' },
  EXPERT: { id: 'admin.plan.EXPERT', defaultMessage: 'Expert' },
});
