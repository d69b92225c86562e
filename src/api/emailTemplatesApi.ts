import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type EmailTemplate = components['schemas']['EmailTemplate'];
export type EmailTemplateInput = components['schemas']['UpdateEmailTemplateBody'];

/** GET /stores/{uuid}/email_templates: the automatic e-mails (created off, with their default text, on first read). */
export const emailTemplatesQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/email_templates', { params: { path: { storeUuid } } });

export const refreshEmailTemplates = (queryClient: QueryClient, storeUuid: string) =>
  queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/email_templates', { params: { path: { storeUuid } } }] });

/** PUT …/email_templates/{id}: subject, body (cleaned by the server) and the switch. */
export const updateEmailTemplate = (storeUuid: string, emailTemplateId: number, body: EmailTemplateInput, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/email_templates/{emailTemplateId}', { params: { path: { storeUuid, emailTemplateId } }, body, signal }));
