import { defineMessages } from 'react-intl';
import type { CustomerType } from '../../api/customersApi';

export const CUSTOMER_TYPES: CustomerType[] = ['STUDENT', 'ABANDONED_CART', 'BLOCKED'];
/** Who writes customers and their CRM data (the contract's x-roles of the writes); analysts read. */
export const CUSTOMER_WRITERS = ['OWNER', 'ADMIN'];

export const customerTypeLabels = defineMessages({
  STUDENT: { id: 'customers.type.STUDENT', defaultMessage: 'Apprenant' },
  ABANDONED_CART: { id: 'customers.type.ABANDONED_CART', defaultMessage: 'Panier abandonné' },
  BLOCKED: { id: 'customers.type.BLOCKED', defaultMessage: 'Bloqué' },
});
export const customerTypeTone: Record<CustomerType, string> = { STUDENT: 'pill--success', ABANDONED_CART: 'pill--warning', BLOCKED: 'pill--danger' };

export const blockedReasonLabels = defineMessages({
  BY_TEACHER: { id: 'customers.blocked.BY_TEACHER', defaultMessage: 'par l’équipe' },
  BY_EXPIRATION: { id: 'customers.blocked.BY_EXPIRATION', defaultMessage: 'accès expiré' },
});
export const enrollmentLabels = defineMessages({
  CLASSIC: { id: 'customers.enrollment.CLASSIC', defaultMessage: 'Achat' },
  BY_TEACHER: { id: 'customers.enrollment.BY_TEACHER', defaultMessage: 'Ajouté par l’équipe' },
  BY_AUTOMATION: { id: 'customers.enrollment.BY_AUTOMATION', defaultMessage: 'Automatisation' },
});
export const deviceLabels = defineMessages({
  UNKNOWN: { id: 'customers.device.UNKNOWN', defaultMessage: 'Inconnu' },
  DESKTOP: { id: 'customers.device.DESKTOP', defaultMessage: 'Ordinateur' },
  TABLET: { id: 'customers.device.TABLET', defaultMessage: 'Tablette' },
  MOBILE: { id: 'customers.device.MOBILE', defaultMessage: 'Mobile' },
  BOT: { id: 'customers.device.BOT', defaultMessage: 'Robot' },
});
