import { editorPath, submissionsPath } from '../content/itemTypeView';

/** The ids in an assignment route (/formations/:uuid/assignment/:id[/submissions[/:submissionId]]); null when malformed. */
export function assignmentRouteOf(params: { uuid?: string; id?: string; submissionId?: string }) {
  const itemId = Number(params.id);
  if (!params.uuid || !Number.isInteger(itemId) || itemId <= 0) return null;
  const assignmentId = params.submissionId === undefined ? undefined : Number(params.submissionId);
  if (assignmentId !== undefined && (!Number.isInteger(assignmentId) || assignmentId <= 0)) return null;
  return { trainingUuid: params.uuid, itemId, assignmentId };
}

/**
 * The pages of an assignment: its editor, its submissions list (`submissions: true`) or one learner's work
 * (`assignmentId`); without an item, the training's content page.
 */
export function assignmentHref(to: { trainingUuid: string; itemId?: number; assignmentId?: number; submissions?: boolean }): string {
  if (to.itemId === undefined) return `/formations/${encodeURIComponent(to.trainingUuid)}`;
  const submissions = submissionsPath(to.trainingUuid, to.itemId, null);
  if (to.assignmentId !== undefined) return `${submissions}/${to.assignmentId}`;
  return to.submissions ? submissions : editorPath(to.trainingUuid, 'ASSIGNMENT', to.itemId, null)!;
}
