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
  const training = `/formations/${encodeURIComponent(to.trainingUuid)}`;
  if (to.itemId === undefined) return training;
  const editor = `${training}/assignment/${to.itemId}`;
  if (to.assignmentId !== undefined) return `${editor}/submissions/${to.assignmentId}`;
  return to.submissions ? `${editor}/submissions` : editor;
}
