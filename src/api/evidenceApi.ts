import { api } from './client';
import { unwrap } from './failure';

/** POST …/customers/{uuid}/attendance: the learner's attendance certificate (PDF), as a Blob to save. */
export const downloadAttendanceCertificate = (trainingUuid: string, customerUuid: string, signal?: AbortSignal) =>
  unwrap(api.POST('/trainings/{trainingUuid}/customers/{customerUuid}/attendance', { params: { path: { trainingUuid, customerUuid } }, body: {}, parseAs: 'blob', signal })) as Promise<Blob>;

/** GET …/customers/{uuid}/qualiopi/export: the learner's Qualiopi evidence (zip). */
export const downloadQualiopiEvidence = (trainingUuid: string, customerUuid: string, signal?: AbortSignal) =>
  unwrap(api.GET('/trainings/{trainingUuid}/customers/{customerUuid}/qualiopi/export', { params: { path: { trainingUuid, customerUuid } }, parseAs: 'blob', signal })) as Promise<Blob>;

/** GET /stores/{uuid}/customers/{uuid}/logs/export: the learner's activity log in one training (CSV). */
export const downloadActivityLog = (storeUuid: string, customerUuid: string, trainingUuid: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/stores/{storeUuid}/customers/{customerUuid}/logs/export', { params: { path: { storeUuid, customerUuid }, query: { training_uuid: trainingUuid } }, parseAs: 'blob', signal }),
  ) as Promise<Blob>;
