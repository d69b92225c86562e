import { and, asc, eq, inArray } from 'drizzle-orm';
import { trainingAuthors, users } from '../../db/schema.js';
import { invalid, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentUserRef } from '../../presenters/user.js';
import type { Services } from '../../services.js';

const authorColumns = { id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture };

/** A training's authors in the order they were credited. */
export function authorsOf(services: Services, trainingId: string) {
  return services.db
    .select(authorColumns)
    .from(trainingAuthors)
    .innerJoin(users, eq(users.id, trainingAuthors.userId))
    .where(eq(trainingAuthors.trainingId, trainingId))
    .orderBy(asc(trainingAuthors.createdAt), asc(users.id));
}

export type AuthorRow = Awaited<ReturnType<typeof authorsOf>>[number];

/** The authors of many trainings in one query, each list in the order they were credited. */
export async function authorsOfMany(services: Pick<Services, 'db'>, trainingIds: string[]): Promise<Map<string, AuthorRow[]>> {
  const byTraining = new Map<string, AuthorRow[]>();
  if (!trainingIds.length) return byTraining;
  const rows = await services.db
    .select({ trainingId: trainingAuthors.trainingId, ...authorColumns })
    .from(trainingAuthors)
    .innerJoin(users, eq(users.id, trainingAuthors.userId))
    .where(inArray(trainingAuthors.trainingId, trainingIds))
    .orderBy(asc(trainingAuthors.createdAt), asc(users.id));
  for (const { trainingId, ...author } of rows) byTraining.set(trainingId, [...(byTraining.get(trainingId) ?? []), author]);
  return byTraining;
}

/** Every uuid must name a user of the store: a 422 names the ones that do not, and nothing changes. */
async function checkTeam(services: Services, storeId: string, userUuids: string[]) {
  const uuids = userUuids.map((uuid) => uuid.toLowerCase());
  const found = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.id, uuids)));
  const team = new Set(found.map((row) => row.id));
  const errors: FieldErrors = {};
  uuids.forEach((uuid, index) => {
    if (!team.has(uuid)) errors[`user_uuids.${index}`] = [messages.notATeamMember];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return uuids;
}

/** POST /trainings/{id}/authors: adding an author twice is harmless. Answers all the authors. */
export async function addAuthors(services: Services, storeId: string, trainingId: string, userUuids: string[]) {
  const uuids = await checkTeam(services, storeId, userUuids);
  const now = services.clock();
  // One timestamp per position keeps the order of the request among the new authors.
  await services.db
    .insert(trainingAuthors)
    .values(uuids.map((userId, index) => ({ trainingId, userId, createdAt: new Date(now.getTime() + index) })))
    .onConflictDoNothing();
  return { data: (await authorsOf(services, trainingId)).map(presentUserRef) };
}

/** DELETE /trainings/{id}/authors: a team member who is not an author is left as is. Answers the remaining authors. */
export async function removeAuthors(services: Services, storeId: string, trainingId: string, userUuids: string[]) {
  const uuids = await checkTeam(services, storeId, userUuids);
  await services.db.delete(trainingAuthors).where(and(eq(trainingAuthors.trainingId, trainingId), inArray(trainingAuthors.userId, uuids)));
  return { data: (await authorsOf(services, trainingId)).map(presentUserRef) };
}
