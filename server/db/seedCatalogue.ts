import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { slugify } from '../commands/catalogue/scope.js';
import type { Database } from './client.js';
import { paymentSchedules, trainingAuthors, trainingItems, trainings, type FeedbackOptionsData, type SeoDataData } from './schema.js';

type ItemType = (typeof trainingItems.$inferInsert)['type'];
type Status = (typeof trainings.$inferInsert)['status'];
type Schedule = Pick<typeof paymentSchedules.$inferInsert, 'type' | 'price' | 'installmentsCount'>;

/** An item of the outline; `id` is fixed because demo notifications point at some of them by id. */
interface DemoItem {
  id: number;
  type: Exclude<ItemType, 'SECTION'>;
  name: string;
  draft?: boolean;
  /** Paragraphs of the lesson, stored as the editor's block list (one text block). */
  text: string[];
  specific?: Record<string, unknown>;
}
interface DemoSection {
  id: number;
  name: string;
  draft?: boolean;
  items: DemoItem[];
}
interface DemoTraining {
  uuid: string;
  name: string;
  summary: string;
  description: string;
  status: Status;
  daysAgo: number;
  authors: ('owner' | 'teacher')[];
  schedules: Schedule[];
  sections: DemoSection[];
  tags?: string[];
  seo?: SeoDataData;
  feedback?: FeedbackOptionsData;
  maxCustomers?: number;
  certificate?: boolean;
}

export interface CatalogueSeedInput {
  storeId: string;
  owner: string;
  teacher: string;
  /** The uuids the demo notifications already name (DEMO_IDS.trainings in seed.ts). */
  trainingIds: { photo: string; light: string; styling: string };
  now: Date;
}

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');
const blocks = (id: number, paragraphs: string[]) => JSON.stringify([{ id: `b${id}-1`, type: 'text', data: { html: html(paragraphs) } }]);
const oneTime = (price: number): Schedule => ({ type: 'ONE_TIME', price });
const inThree = (price: number): Schedule => ({ type: 'INSTALLMENTS', price, installmentsCount: 3 });

/**
 * The demo store's catalogue: a food-photography school (the theme of the demo notifications, whose
 * trainings and lessons 4, 12 and 23 must exist with these names). Six trainings, one per typical state:
 * two PUBLISHED, one UNLISTED (sold by direct link), one PRE_SALE, one DRAFT, one CLOSED; every item type but SCORM
 * (an EXPERT feature, the demo store is PRO). Bundles and learners are seeded after this, by their own files.
 */
function demoCatalogue(ids: CatalogueSeedInput['trainingIds']): DemoTraining[] {
  return [
    {
      uuid: ids.photo,
      name: 'Photographie culinaire : les fondamentaux',
      summary: 'Apprenez à photographier vos plats comme un pro, avec le matériel que vous avez déjà.',
      description: html([
        'Une formation pas à pas pour réussir des photos de plats appétissantes : lumière, cadrage, stylisme et retouche.',
        'Chaque chapitre se termine par un exercice pratique corrigé par votre formatrice.',
      ]),
      status: 'PUBLISHED',
      daysAgo: 240,
      authors: ['owner', 'teacher'],
      schedules: [oneTime(149), inThree(52)],
      tags: ['Photographie', 'Cuisine'],
      seo: {
        title: 'Formation photographie culinaire : les fondamentaux',
        description: 'Réussissez vos photos de plats : lumière, cadrage, stylisme et retouche, avec des exercices corrigés.',
        image: null,
      },
      feedback: { enabled: true, rating_enabled: true, comment_enabled: true, mandatory: false },
      certificate: true,
      sections: [
        {
          id: 1,
          name: 'Bien démarrer',
          items: [
            { id: 2, type: 'GENERIC', name: 'Bienvenue dans la formation', text: ['Voici le programme des prochaines semaines et la manière de tirer le meilleur de chaque leçon.'] },
            {
              id: 3,
              type: 'VIDEO',
              name: 'Choisir son matériel',
              text: ['Boîtier, objectif fixe ou smartphone : ce qui compte vraiment pour débuter.'],
            },
            {
              id: 4,
              type: 'ASSIGNMENT',
              name: 'Composer une assiette',
              text: ['Composez une assiette simple et photographiez-la sous trois angles différents.'],
              specific: { instructions: 'Envoyez trois photos de la même assiette : plongée, 45° et hauteur de table.', max_files: 3 },
            },
          ],
        },
        {
          id: 5,
          name: 'La lumière et le cadrage',
          items: [
            { id: 6, type: 'GENERIC', name: 'Lire la lumière', text: ['Direction, douceur, température : apprenez à observer avant de déclencher.'] },
            { id: 7, type: 'VIDEO', name: 'Cadrer en plongée et à 45°', text: ['Deux cadrages classiques et les plats auxquels ils conviennent.'] },
            { id: 8, type: 'QUIZ', name: 'Quiz : lumière et cadrage', text: ['Dix questions pour vérifier vos acquis avant de passer à la retouche.'] },
          ],
        },
        {
          id: 9,
          name: 'Retouche et diffusion',
          items: [
            {
              id: 10,
              type: 'TASKS',
              name: 'Checklist avant le shooting',
              text: ['Cochez chaque étape avant votre prochaine séance photo.'],
              specific: {
                tasks: [
                  { id: 't1', label: 'Nettoyer la vaisselle et les couverts' },
                  { id: 't2', label: 'Repérer la fenêtre la mieux exposée' },
                  { id: 't3', label: 'Préparer un réflecteur blanc' },
                ],
              },
            },
            { id: 11, type: 'GENERIC', name: 'Retoucher sans dénaturer', draft: true, text: ['Balance des blancs, contraste et netteté : les réglages essentiels.'] },
          ],
        },
      ],
    },
    {
      uuid: ids.light,
      name: 'Maîtriser la lumière naturelle',
      summary: 'Tirez parti de la lumière du jour pour des photos douces et naturelles.',
      description: html(['Fenêtre, heures dorées, réflecteurs : tout ce qu’il faut pour se passer de flash.']),
      status: 'PUBLISHED',
      daysAgo: 150,
      authors: ['owner'],
      schedules: [oneTime(89)],
      tags: ['Photographie', 'Lumière'],
      sections: [
        {
          id: 13,
          name: 'Comprendre la lumière',
          items: [
            {
              id: 12,
              type: 'ASSIGNMENT',
              name: 'La lumière de fenêtre',
              text: ['Photographiez un même plat près d’une fenêtre à trois moments de la journée.'],
              specific: { instructions: 'Envoyez vos trois photos et indiquez l’heure de chacune.', max_files: 3 },
            },
            { id: 14, type: 'VIDEO', name: 'Les heures dorées', text: ['Pourquoi la lumière du matin et du soir flatte les aliments.'] },
            { id: 15, type: 'GENERIC', name: 'Réflecteurs et diffuseurs', text: ['Fabriquez les vôtres avec du carton et du papier calque.'] },
          ],
        },
        {
          id: 16,
          name: 'Mettre en pratique',
          items: [
            { id: 17, type: 'QUIZ', name: 'Quiz : la bonne lumière', text: ['Reconnaissez la lumière utilisée sur huit photos.'] },
            { id: 18, type: 'GENERIC', name: 'Corriger une lumière dure', draft: true, text: ['Les solutions quand le soleil tape directement sur la table.'] },
          ],
        },
      ],
    },
    {
      uuid: ids.styling,
      name: 'Stylisme culinaire avancé',
      summary: 'Accessoires, textures et mise en scène pour des images qui racontent une histoire.',
      description: html(['Pour les élèves qui maîtrisent les bases : la mise en scène au service du plat.']),
      status: 'UNLISTED',
      daysAgo: 90,
      authors: ['teacher'],
      schedules: [oneTime(199), inThree(69)],
      tags: ['Stylisme'],
      sections: [
        {
          id: 20,
          name: 'Mise en scène',
          items: [
            { id: 21, type: 'GENERIC', name: 'Les règles de composition', text: ['Tiers, diagonales et espaces vides.'] },
            { id: 22, type: 'VIDEO', name: 'Textures et matières', text: ['Bois, lin, ardoise : choisir un fond qui sert le plat.'] },
            {
              id: 23,
              type: 'ASSIGNMENT',
              name: 'Choisir ses accessoires',
              text: ['Montez une scène avec trois accessoires au plus et expliquez vos choix.'],
              specific: { instructions: 'Une photo de la scène et quelques lignes sur vos choix.', max_files: 2 },
            },
            { id: 24, type: 'QUIZ', name: 'Quiz : styliser un plat', text: ['Huit questions sur la mise en scène.'] },
          ],
        },
      ],
    },
    {
      uuid: randomUUID(),
      name: 'Photographier ses plats au smartphone',
      summary: 'Des photos gourmandes avec votre téléphone, réglages et applications compris.',
      description: html(['Ouverture des inscriptions en prévente : les premiers élèves profitent d’un tarif réduit.']),
      status: 'PRE_SALE',
      daysAgo: 20,
      authors: ['owner', 'teacher'],
      schedules: [oneTime(49)],
      maxCustomers: 30,
      sections: [
        {
          id: 25,
          name: 'Les réglages du téléphone',
          items: [
            { id: 26, type: 'VIDEO', name: 'Mode portrait ou mode photo ?', text: ['Ce que fait vraiment le mode portrait, et quand l’éviter.'] },
            {
              id: 27,
              type: 'TASKS',
              name: 'Préparer son téléphone',
              text: ['Trois réglages à faire une fois pour toutes.'],
              specific: {
                tasks: [
                  { id: 't1', label: 'Activer la grille' },
                  { id: 't2', label: 'Nettoyer l’objectif' },
                ],
              },
            },
          ],
        },
        { id: 28, name: 'Retouche mobile', draft: true, items: [] },
      ],
    },
    {
      uuid: randomUUID(),
      name: 'Vendre ses photos culinaires aux restaurants',
      summary: 'Trouver ses premiers clients, fixer ses tarifs et livrer une commande.',
      description: '',
      status: 'DRAFT',
      daysAgo: 3,
      authors: ['owner'],
      schedules: [],
      sections: [
        {
          id: 29,
          name: 'Trouver ses clients',
          draft: true,
          items: [{ id: 30, type: 'GENERIC', name: 'Préparer son portfolio', draft: true, text: ['Quelles photos montrer, et combien.'] }],
        },
      ],
    },
    // Last, so the ids and positions above stay as they were: the storefront's CLOSED state (issue 11), whose
    // page stays reachable and says registration is closed.
    {
      uuid: randomUUID(),
      name: 'Atelier en direct : la photo de pâtisserie',
      summary: 'Six semaines de séances en direct pour photographier gâteaux, tartes et viennoiseries.',
      description: html([
        'Un atelier suivi en petit groupe : chaque semaine, une séance en direct et une photo à rendre, commentée par votre formatrice.',
        'La session de printemps est complète ; les inscriptions rouvriront pour la prochaine session.',
      ]),
      status: 'CLOSED',
      daysAgo: 60,
      authors: ['teacher'],
      schedules: [oneTime(249)],
      tags: ['Photographie', 'Pâtisserie'],
      sections: [
        {
          id: 31,
          name: 'Les séances',
          items: [{ id: 32, type: 'VIDEO', name: 'Séance 1 : la lumière des gâteaux', text: ['Replay de la première séance en direct.'] }],
        },
      ],
    },
  ];
}

/** Seeds the catalogue inside the demo seed's transaction. */
export async function seedCatalogue(db: Database, input: CatalogueSeedInput) {
  const catalogue = demoCatalogue(input.trainingIds);
  const people = { owner: input.owner, teacher: input.teacher };
  const at = (daysAgo: number) => new Date(input.now.getTime() - daysAgo * 86_400_000);

  await db.insert(trainings).values(
    catalogue.map((t, position) => ({
      id: t.uuid,
      storeId: input.storeId,
      slug: slugify(t.name),
      name: t.name,
      summary: t.summary,
      description: t.description || null,
      status: t.status,
      position,
      seoData: t.seo ?? {},
      tags: t.tags ?? [],
      maxCustomers: t.maxCustomers ?? null,
      certificateEnabled: t.certificate ?? false,
      ...(t.feedback ? { feedbackOptions: t.feedback } : {}),
      createdAt: at(t.daysAgo),
      updatedAt: at(Math.max(0, t.daysAgo - 2)),
    })),
  );

  await db.insert(trainingAuthors).values(
    catalogue.flatMap((t) => t.authors.map((who, index) => ({ trainingId: t.uuid, userId: people[who], createdAt: new Date(at(t.daysAgo).getTime() + index) }))),
  );

  const schedules = catalogue.flatMap((t) => t.schedules.map((s, position) => ({ ...s, trainingId: t.uuid, position })));
  if (schedules.length) await db.insert(paymentSchedules).values(schedules);

  const items = catalogue.flatMap((t) => {
    // Nothing is published in a draft training, and a published training shows its sections.
    const published = t.status !== 'DRAFT';
    return t.sections.flatMap((section, sectionPosition) => [
      { id: section.id, trainingId: t.uuid, parentId: null, type: 'SECTION' as const, name: section.name, draft: section.draft ?? !published, position: sectionPosition },
      ...section.items.map((item, position) => ({
        id: item.id,
        trainingId: t.uuid,
        parentId: section.id,
        type: item.type,
        name: item.name,
        draft: item.draft ?? !published,
        position,
        content: blocks(item.id, item.text),
        specificContent: item.specific ? JSON.stringify(item.specific) : null,
      })),
    ]);
  });
  // Sections first, so every parent exists when its children arrive.
  await db.insert(trainingItems).values(items.filter((i) => i.type === 'SECTION'));
  await db.insert(trainingItems).values(items.filter((i) => i.type !== 'SECTION'));
  // The ids were given, so the sequence must be moved past them before anyone creates an item.
  await db.execute(sql`select setval(pg_get_serial_sequence('training_items', 'id'), (select max(id) from training_items))`);
}
