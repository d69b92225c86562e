import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from './client.js';
import { customerTrainings, itemProgress, quizAttemptAnswers, quizAttempts, quizChoices, quizQuestions, quizzes, trainingItems } from './schema.js';

export interface QuizzesSeedInput {
  /** The demo catalogue's QUIZ items (seedCatalogue gives their ids): the first gets the learners' attempts. */
  answered: number;
  unanswered: number;
  now: Date;
}

interface DemoQuestion {
  type: 'SINGLE' | 'MULTIPLE';
  question: string;
  explanation?: string;
  /** Label, then whether it is right. */
  choices: [string, boolean][];
  archived?: boolean;
}

const LIGHT_AND_FRAMING: DemoQuestion[] = [
  {
    type: 'SINGLE',
    question: 'Quelle lumière convient le mieux à une photo culinaire douce et naturelle ?',
    explanation: 'Une fenêtre de côté, adoucie par un voilage, modèle le plat sans ombres dures.',
    choices: [
      ['Une fenêtre latérale avec un voilage', true],
      ["Le flash intégré de l'appareil", false],
      ['Le plafonnier de la cuisine', false],
      ['Le soleil de midi en direct', false],
    ],
  },
  {
    type: 'MULTIPLE',
    question: 'Quels cadrages sont des classiques de la photographie culinaire ?',
    choices: [
      ['La plongée (vue de dessus)', true],
      ['Le 45°', true],
      ['La contre-plongée', false],
      ['La hauteur de table', true],
    ],
  },
  {
    type: 'SINGLE',
    question: 'À quoi sert un réflecteur blanc placé face à la fenêtre ?',
    explanation: 'Il renvoie la lumière dans les ombres du plat.',
    choices: [
      ['Déboucher les ombres', true],
      ['Réchauffer le plat', false],
      ["Flouter l'arrière-plan", false],
    ],
  },
  {
    type: 'SINGLE',
    question: 'Quelle est la température de couleur de la lumière du jour ?',
    choices: [
      ['Environ 5 500 K', true],
      ['Environ 2 700 K', false],
      ['Environ 10 000 K', false],
    ],
  },
  {
    type: 'MULTIPLE',
    question: 'Quels plats gagnent à être photographiés en plongée ?',
    choices: [
      ['Une pizza', true],
      ['Un bol de soupe', true],
      ['Un burger', false],
      ['Un gâteau à étages', false],
    ],
  },
  {
    type: 'SINGLE',
    question: 'Combien de photos faut-il prendre par plat ?',
    archived: true,
    choices: [
      ['Une seule', false],
      ['Plusieurs, sous différents angles', true],
    ],
  },
];

const GOOD_LIGHT: DemoQuestion[] = [
  {
    type: 'SINGLE',
    question: 'Une lumière dure se reconnaît à…',
    choices: [
      ['Des ombres nettes et contrastées', true],
      ['Des ombres douces et étendues', false],
    ],
  },
  {
    type: 'MULTIPLE',
    question: 'Comment adoucir une lumière trop dure ?',
    choices: [
      ['Un voilage ou un diffuseur', true],
      ["S'éloigner de la fenêtre", true],
      ['Monter la sensibilité ISO', false],
    ],
  },
];

async function insertQuestions(db: Database, itemId: number, questions: DemoQuestion[], now: Date) {
  const rows = await db
    .insert(quizQuestions)
    .values(
      questions.map((q, position) => ({
        trainingItemId: itemId,
        type: q.type,
        question: q.question,
        explanation: q.explanation ?? null,
        position,
        archivedAt: q.archived ? new Date(now.getTime() - 5 * 86_400_000) : null,
      })),
    )
    .returning();
  const byPosition = [...rows].sort((a, b) => a.position - b.position);
  const choices = await db
    .insert(quizChoices)
    .values(byPosition.flatMap((row, k) => questions[k]!.choices.map(([label, correct], position) => ({ questionId: row.id, label, correct, position }))))
    .returning();
  return byPosition.map((row, k) => ({ row, demo: questions[k]!, choices: choices.filter((c) => c.questionId === row.id).sort((a, b) => a.position - b.position) }));
}

/**
 * Quizzes of the demo store: "Quiz : lumière et cadrage" with its questions (one archived, answered by older
 * attempts) and the attempts of the learners who reached it, their best score in item_progress; "Quiz : la bonne
 * lumière" with two questions and no attempt yet.
 */
export async function seedQuizzes(db: Database, input: QuizzesSeedInput) {
  const items = await db.select({ id: trainingItems.id }).from(trainingItems).where(inArray(trainingItems.id, [input.answered, input.unanswered]));
  if (items.length !== 2) return;
  await db.insert(quizzes).values([
    { trainingItemId: input.answered, minSuccessRate: 60, maxAttempts: 3, shuffleQuestions: true, showCorrections: true },
    { trainingItemId: input.unanswered, minSuccessRate: null, maxAttempts: null },
  ]);
  await insertQuestions(db, input.unanswered, GOOD_LIGHT, input.now);
  const questions = await insertQuestions(db, input.answered, LIGHT_AND_FRAMING, input.now);

  const reached = await db
    .select({ customerTrainingId: itemProgress.customerTrainingId, customerId: customerTrainings.customerId, completedAt: itemProgress.completedAt, updatedAt: itemProgress.updatedAt })
    .from(itemProgress)
    .innerJoin(customerTrainings, eq(customerTrainings.id, itemProgress.customerTrainingId))
    .where(eq(itemProgress.trainingItemId, input.answered))
    .orderBy(customerTrainings.enrolledAt);

  for (const [i, learner] of reached.entries()) {
    const finished = learner.completedAt !== null;
    // Finished: two tries with mistakes, then a pass. Still on it: two failed tries (one attempt left).
    const tries = finished
      ? [(k: number) => k % 2 === 1, (k: number) => (i + k) % 3 !== 0, (k: number) => (i + k) % 5 !== 0]
      : [(k: number) => k % 3 === 0, (k: number) => k % 3 === 1];
    const end = learner.completedAt ?? learner.updatedAt;
    let best = 0;
    for (const [t, rightOn] of tries.entries()) {
      const answeredAt = new Date(end.getTime() - (tries.length - 1 - t) * 26 * 3_600_000);
      // The archived question was still asked in the first tries of the earliest learners.
      const asked = questions.filter((q) => !q.demo.archived || (t === 0 && i < 2));
      const answers = asked.map((q, k) => {
        const right = rightOn(k);
        const picked = right ? q.choices.filter((c) => c.correct) : [q.choices.find((c) => !c.correct)!];
        return { questionId: q.row.id, choiceIds: picked.map((c) => c.id), choiceLabels: picked.map((c) => c.label), correct: right };
      });
      const score = Math.round((answers.filter((a) => a.correct).length / answers.length) * 10_000) / 100;
      best = Math.max(best, score);
      const [attempt] = await db
        .insert(quizAttempts)
        .values({ trainingItemId: input.answered, customerId: learner.customerId, attempt: t + 1, score, success: score >= 60, answeredAt })
        .returning({ id: quizAttempts.id });
      await db.insert(quizAttemptAnswers).values(answers.map((a) => ({ ...a, attemptId: attempt!.id })));
    }
    await db
      .update(itemProgress)
      .set({ score: best })
      .where(and(eq(itemProgress.customerTrainingId, learner.customerTrainingId), eq(itemProgress.trainingItemId, input.answered)));
  }
}
