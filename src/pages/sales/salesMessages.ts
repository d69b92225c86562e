import { defineMessages } from 'react-intl';
import type { SaleStatus } from '../../api/salesApi';

/** The French labels of a sale's or payment's status (spec 3), shown as badges. */
export const saleStatusLabels = defineMessages({
  DRAFT: { id: 'sales.status.DRAFT', defaultMessage: 'Brouillon' },
  PAID: { id: 'sales.status.PAID', defaultMessage: 'Payée' },
  FAILED: { id: 'sales.status.FAILED', defaultMessage: 'Échouée' },
  INCOMING: { id: 'sales.status.INCOMING', defaultMessage: 'À venir' },
  IN_PROGRESS: { id: 'sales.status.IN_PROGRESS', defaultMessage: 'En cours' },
  ABANDONED: { id: 'sales.status.ABANDONED', defaultMessage: 'Abandonnée' },
}) satisfies Record<SaleStatus, unknown>;

export const SALE_STATUSES = Object.keys(saleStatusLabels) as SaleStatus[];

/** The badge's colour family per status. */
export const saleStatusTone: Record<SaleStatus, string> = {
  DRAFT: 'pill',
  PAID: 'pill pill--success',
  FAILED: 'pill pill--danger',
  INCOMING: 'pill pill--info',
  IN_PROGRESS: 'pill pill--info',
  ABANDONED: 'pill pill--warning',
};
