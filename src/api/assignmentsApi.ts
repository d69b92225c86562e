import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';
import { trainingQuery } from './trainingsApi';

export type Assignment = components['schemas']['Assignment'];
export type AssignmentComment = components['schemas']['AssignmentComment'];
export type AssignmentStatus = components['schemas']['AssignmentStatus'];
export type AssignmentDecision = components['schemas']['AssignmentDecision'];

type ItemRef = { trainingUuid: string; itemId: number };
type AssignmentRef = ItemRef & { assignmentId: number };
const ASSIGNMENTS = '/trainings/{trainingUuid}/training_items/{itemId}/assignments' as const;
const ASSIGNMENT = '/trainings/{trainingUuid}/training_items/{itemId}/assignments/{assignmentId}' as const;
const COMMENTS = '/trainings/{trainingUuid}/training_items/{itemId}/assignments/{assignmentId}/comments' as const;

/** GET …/training_items/{id}: the ASSIGNMENT item its editor opens (name, draft, settings in `specific_content`). */
export const assignmentItemQuery = (ref: ItemRef) => $api.queryOptions('get', '/trainings/{trainingUuid}/training_items/{itemId}', { params: { path: ref } });

/** GET …/assignments: one page of the learners' work on an assignment, waiting ones first; optionally one status. */
export const assignmentsQuery = (ref: ItemRef, page: number, status: AssignmentStatus | null) =>
  $api.queryOptions('get', ASSIGNMENTS, { params: { path: ref, query: { page, ...(status ? { status } : {}) } } });

/** GET …/assignments/{id}: one learner's work with its submissions and history. */
export const assignmentQuery = (ref: AssignmentRef) => $api.queryOptions('get', ASSIGNMENT, { params: { path: ref } });

/** GET …/assignments/{id}/comments: the thread with the learner, oldest first. */
export const assignmentCommentsQuery = (ref: AssignmentRef) => $api.queryOptions('get', COMMENTS, { params: { path: ref } });

/** PUT …/assignments/{id}/validate: ACCEPTED (final) or REJECTED with a correction; 409 when it no longer waits. */
export const validateAssignment = (ref: AssignmentRef, body: { decision: AssignmentDecision; correction?: string }, signal?: AbortSignal) =>
  unwrap(api.PUT(`${ASSIGNMENT}/validate`, { params: { path: ref }, body, signal }));

/** POST …/assignments/{id}/comments: a plain-text message to the learner. */
export const writeAssignmentComment = (ref: AssignmentRef, content: string, signal?: AbortSignal) =>
  unwrap(api.POST(COMMENTS, { params: { path: ref }, body: { content }, signal }));

/**
 * After a decision or a message: the assignment, its thread, the item's lists and the training's outline (its
 * count of assignments to validate), all refetched from the server.
 */
export const refreshAssignment = (queryClient: QueryClient, ref: AssignmentRef) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', ASSIGNMENT, { params: { path: ref } }] }),
    queryClient.invalidateQueries({ queryKey: ['get', COMMENTS, { params: { path: ref } }] }),
    queryClient.invalidateQueries({ queryKey: ['get', ASSIGNMENTS, { params: { path: { trainingUuid: ref.trainingUuid, itemId: ref.itemId } } }] }),
    queryClient.invalidateQueries({ queryKey: trainingQuery(ref.trainingUuid).queryKey }),
  ]);
