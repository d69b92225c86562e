import type { components } from '../../src/api/schema.gen.js';
import type { companies } from '../db/schema.js';

export type CompanyRow = typeof companies.$inferSelect;

export function presentCompany(row: CompanyRow): components['schemas']['Company'] {
  return {
    id: row.id,
    name: row.name,
    legal_form: row.legalForm,
    siret: row.siret,
    vat_number: row.vatNumber,
    activity_number: row.activityNumber,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    postal_code: row.postalCode,
    city: row.city,
    state: row.state,
    country: row.country,
    email: row.email,
    phone: row.phone,
    signatory_name: row.signatoryName,
    vat_rate: row.vatRateBp === null ? null : row.vatRateBp / 100,
    updated_at: row.updatedAt.toISOString(),
  };
}
