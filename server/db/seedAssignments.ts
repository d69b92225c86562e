import { and, eq, lt } from 'drizzle-orm';
import { addAssignmentComment, validateAssignment } from '../commands/assignments/review.js';
import { startAssignment, submitAssignment } from '../commands/assignments/submit.js';
import type { Database } from './client.js';
import { notifications, trainingItems } from './schema.js';

export interface AssignmentsSeedInput {
  storeId: string;
  trainingId: string;
  /** The ASSIGNMENT item "Composer une assiette" of the published demo training. */
  itemId: number;
  /** Learners of that training, by name in seed.ts's list. */
  customers: { camille: string; manon: string; lucas: string; chloe: string };
  teacher: string;
  /** The team member deleted at the end of the seed: her correction then reads "Membre supprimé". */
  former: string;
  now: Date;
}

const file = (name: string, size: number) => ({ name, url: `https://fichiers.demo.example.com/devoirs/${name}`, size });

/**
 * Submissions of the demo training's assignment, written through the learner-side commands so that their
 * history and ASSIGNMENT_SUBMITTED notifications are those the learner area will produce: Camille rejected
 * then handed in again (waiting, with a comment thread), Manon waiting, Lucas started only, Chloé accepted by a
 * team member who has since left. Notifications older than a day are marked read.
 */
export async function seedAssignments(db: Database, input: AssignmentsSeedInput) {
  const [item] = await db
    .select({ id: trainingItems.id })
    .from(trainingItems)
    .where(and(eq(trainingItems.id, input.itemId), eq(trainingItems.trainingId, input.trainingId), eq(trainingItems.type, 'ASSIGNMENT')))
    .limit(1);
  if (!item) return;
  const at = (hoursAgo: number) => ({ db, clock: () => new Date(input.now.getTime() - hoursAgo * 3_600_000) });
  const { storeId } = input;
  const trainingItemId = item.id;
  const validate = (hoursAgo: number, reviewer: string, assignmentId: number, decision: 'ACCEPTED' | 'REJECTED', correction: string) =>
    validateAssignment(at(hoursAgo), storeId, reviewer, input.trainingId, trainingItemId, assignmentId, { decision, correction });

  const { camille, manon, lucas, chloe } = input.customers;
  await startAssignment(at(40 * 24), { customerId: camille, trainingItemId });
  const first = await submitAssignment(at(39 * 24), {
    storeId,
    customerId: camille,
    trainingItemId,
    content: 'Voici mes trois photos : plongée, 45° et hauteur de table.',
    files: [file('assiette-plongee.jpg', 1_843_200), file('assiette-45.jpg', 1_612_800), file('assiette-table.jpg', 1_720_320)],
  });
  await validate(38 * 24, input.teacher, first.id, 'REJECTED', 'Les trois angles sont là, mais la plongée est floue : reprenez-la avec un temps de pose plus court ou un appui.');
  await addAssignmentComment(at(37 * 24), { assignmentId: first.id, customerId: camille, content: 'Merci ! Est-ce que je peux utiliser un trépied pour la plongée ?' });
  await addAssignmentComment(at(36 * 24), { assignmentId: first.id, userId: input.teacher, content: 'Oui, bien sûr : un trépied avec une rotule à bras déporté est idéal.' });
  await submitAssignment(at(5), {
    storeId,
    customerId: camille,
    trainingItemId,
    content: 'Nouvelle plongée, prise au trépied.',
    files: [file('assiette-plongee-v2.jpg', 2_048_000)],
  });

  await startAssignment(at(30 * 24), { customerId: manon, trainingItemId });
  await submitAssignment(at(4), { storeId, customerId: manon, trainingItemId, files: [file('manon-assiette.jpg', 1_536_000), file('manon-assiette-45.jpg', 1_433_600)] });

  await startAssignment(at(10 * 24), { customerId: lucas, trainingItemId });

  await startAssignment(at(25 * 24), { customerId: chloe, trainingItemId });
  const accepted = await submitAssignment(at(24 * 24), {
    storeId,
    customerId: chloe,
    trainingItemId,
    content: 'Mes trois angles, avec une lumière de fin de journée.',
    files: [file('chloe-plongee.jpg', 1_945_600), file('chloe-45.jpg', 1_740_800), file('chloe-table.jpg', 1_802_240)],
  });
  await validate(23 * 24, input.former, accepted.id, 'ACCEPTED', 'Très belle lumière, et les trois angles racontent bien le plat. Bravo !');

  await db
    .update(notifications)
    .set({ readAt: input.now })
    .where(and(eq(notifications.type, 'ASSIGNMENT_SUBMITTED'), lt(notifications.createdAt, new Date(input.now.getTime() - 24 * 3_600_000))));
}
