import type { components } from '../../src/api/schema.gen.js';
import type { crmNotes, crmPrivateData, customerConnections } from '../db/schema.js';
import type { CustomerRow } from './customer.js';
import { customerDisplayName } from './customer.js';
import { presentUserRef } from './user.js';

type CustomerBody = components['schemas']['Customer'];
type CrmTagBody = components['schemas']['CrmTag'];
type CrmNoteBody = components['schemas']['CrmNote'];
type CrmPrivateDataBody = components['schemas']['CrmPrivateData'];
type ConnectionBody = components['schemas']['Connection'];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const presentCrmTag = (tag: { id: number; value: string }): CrmTagBody => ({ id: tag.id, value: tag.value });

type Author = { id: string; firstname: string; lastname: string | null; displayName: string | null; picture: string | null } | null;

export function presentCrmNote(note: typeof crmNotes.$inferSelect, author: Author): CrmNoteBody {
  return {
    id: note.id,
    type: note.type,
    content: note.content,
    author: author ? presentUserRef(author) : null,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}

/** A customer without private details reads every field null. */
export function presentCrmPrivateData(row: typeof crmPrivateData.$inferSelect | undefined): CrmPrivateDataBody {
  return {
    phone: row?.phone ?? null,
    company: row?.company ?? null,
    job_title: row?.jobTitle ?? null,
    address: row?.address ?? null,
    birthdate: row?.birthdate ?? null,
    comment: row?.comment ?? null,
  };
}

export function presentConnection(row: typeof customerConnections.$inferSelect): ConnectionBody {
  return { id: row.id, connected_at: row.at.toISOString(), device_type: row.deviceType, user_agent: row.userAgent?.slice(0, 512) ?? null, ip_country: null };
}

export function presentCustomer(
  customer: CustomerRow,
  extras: { trainings: CustomerBody['customer_trainings']; tags: CrmTagBody[]; notes: CrmNoteBody[]; privateData: CrmPrivateDataBody },
): CustomerBody {
  return {
    uuid: customer.id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    display_name: customerDisplayName(customer),
    phone: customer.phone,
    picture: customer.picture,
    locale: customer.locale,
    activated: Boolean(customer.activatedAt && customer.passwordHash),
    is_affiliate: false,
    created_at: customer.createdAt.toISOString(),
    last_connection_at: iso(customer.lastConnectionAt),
    customer_trainings: extras.trainings,
    crm_tags: extras.tags,
    crm_notes: extras.notes,
    crm_private_data: extras.privateData,
  };
}
