import { and, eq } from 'drizzle-orm';
import type { operations } from '../../src/api/schema.gen.js';
import { companies, stores } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { presentCompany, type CompanyRow } from '../presenters/company.js';
import type { Services } from '../services.js';

export type CompanyUpdate = operations['updateCompany']['requestBody']['content']['application/json'];

/** What an invoice and a training agreement cannot do without: the COMPANY milestone of the home checklist. */
export const isCompanyFilled = (row: Pick<CompanyRow, 'name' | 'addressLine1' | 'postalCode' | 'city'> | undefined) =>
  Boolean(row?.name?.trim() && row.addressLine1?.trim() && row.postalCode?.trim() && row.city?.trim());

/**
 * A store's company. Stores registered since the catalogue migration got theirs at sign-up; older ones get it on
 * first read (idempotent: the unique store_id decides between two first reads).
 */
export async function companyOf(services: Services, storeId: string): Promise<CompanyRow> {
  const [existing] = await services.db.select().from(companies).where(eq(companies.storeId, storeId)).limit(1);
  if (existing) return existing;
  // Platform admins may name any store: one that does not exist has no company (and must not get one).
  const [store] = await services.db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) throw notFound();
  await services.db.insert(companies).values({ storeId }).onConflictDoNothing({ target: companies.storeId });
  const [created] = await services.db.select().from(companies).where(eq(companies.storeId, storeId)).limit(1);
  return created!;
}

/** GET /stores/{storeUuid}/companies: a store has one company, created blank on first read. */
export async function listCompanies(services: Services, storeId: string) {
  return [presentCompany(await companyOf(services, storeId))];
}

/** Blank strings mean "remove", like null: an invoice must not print an empty line as a value. */
const clean = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

export async function updateCompany(services: Services, storeId: string, companyId: number, input: CompanyUpdate) {
  await companyOf(services, storeId);
  const [row] = await services.db
    .update(companies)
    .set({
      name: clean(input.name),
      legalForm: clean(input.legal_form),
      siret: clean(input.siret),
      vatNumber: clean(input.vat_number),
      activityNumber: clean(input.activity_number),
      addressLine1: clean(input.address_line1),
      addressLine2: clean(input.address_line2),
      postalCode: clean(input.postal_code),
      city: clean(input.city),
      state: clean(input.state),
      country: clean(input.country),
      email: clean(input.email),
      phone: clean(input.phone),
      signatoryName: clean(input.signatory_name),
      vatRateBp: input.vat_rate === undefined ? undefined : input.vat_rate === null ? null : Math.round(input.vat_rate * 100),
      updatedAt: services.clock(),
    })
    .where(and(eq(companies.id, companyId), eq(companies.storeId, storeId)))
    .returning();
  if (!row) throw notFound();
  return presentCompany(row);
}
