import { autoJoinSpace } from '../commands/community/autoJoin.js';
import type { Database } from './client.js';
import { communityCollections, communityComments, communityMembers, communityPosts, communitySpaceTrainings, communitySpaces, communitySubscriptions } from './schema.js';

export interface CommunitySeedInput {
  storeId: string;
  people: { owner: string; admin: string; teacher: string };
  /** DEMO_IDS.groups, posts and comments of seed.ts: the demo notifications lead to these. */
  ids: { groups: { help: string; news: string }; posts: { help: string; news: string; lens: string }; comments: { news: string } };
  trainingId: string;
  /** The demo learners (DEMO_IDS.customers). */
  learners: readonly string[];
  now: Date;
}

/**
 * A small community in the demo store (its `community_options.enabled` is what makes it reachable): one
 * collection with the announcements space, a standalone help space with a few exchanges, the photo training's
 * space (auto-add TRAININGS) and a team draft. Members follow the spaces' modes, as auto-add would have made them.
 */
export async function seedCommunity(db: Database, input: CommunitySeedInput) {
  const { storeId, people, ids, now } = input;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  const [start] = await db
    .insert(communityCollections)
    .values({ storeId, name: 'Bien démarrer', description: '<p>Les espaces à lire en premier.</p>', position: 0, ownerUserId: people.owner, createdAt: at(400) })
    .returning();
  const spaceIds = { lab: '', staff: '' };
  const spaces = await db
    .insert(communitySpaces)
    .values([
      {
        id: ids.groups.news,
        storeId,
        collectionId: start!.id,
        name: 'Annonces',
        description: "<p>Les nouvelles de l'atelier : sorties de formations, lives, événements.</p>",
        position: 0,
        state: 'VISIBLE',
        global: true,
        ownerUserId: people.owner,
        createdAt: at(400),
      },
      {
        id: ids.groups.help,
        storeId,
        name: 'Entraide entre élèves',
        description: '<p>Posez vos questions, partagez vos photos, aidez-vous les uns les autres.</p>',
        position: 1,
        state: 'VISIBLE',
        global: true,
        defaultPostSort: 'LAST_COMMENTED',
        ownerUserId: people.owner,
        createdAt: at(390),
      },
      {
        storeId,
        collectionId: start!.id,
        name: 'Atelier photo culinaire',
        description: '<p>Pour les élèves de « Photographie culinaire : les fondamentaux ».</p>',
        position: 2,
        state: 'VISIBLE',
        global: false,
        ownerUserId: people.teacher,
        createdAt: at(380),
      },
      {
        storeId,
        name: "Coin de l'équipe",
        description: '<p>Brouillon : un espace pour préparer les prochaines annonces.</p>',
        position: 3,
        state: 'DRAFT',
        global: false,
        ownerUserId: people.owner,
        createdAt: at(10),
      },
    ])
    .returning({ id: communitySpaces.id });
  spaceIds.lab = spaces[2]!.id;
  spaceIds.staff = spaces[3]!.id;
  await db.insert(communitySpaceTrainings).values({ spaceId: spaceIds.lab, trainingId: input.trainingId });
  await db.insert(communityMembers).values([
    { spaceId: ids.groups.news, userId: people.owner, role: 'OWNER', joinedAt: at(400) },
    { spaceId: ids.groups.news, userId: people.admin, joinedAt: at(399) },
    { spaceId: ids.groups.help, userId: people.owner, role: 'OWNER', joinedAt: at(390) },
    { spaceId: ids.groups.help, userId: people.teacher, joinedAt: at(389) },
    { spaceId: spaceIds.lab, userId: people.teacher, role: 'OWNER', joinedAt: at(380) },
    { spaceId: spaceIds.staff, userId: people.owner, role: 'OWNER', joinedAt: at(10) },
  ]);
  for (const space of [ids.groups.news, ids.groups.help, spaceIds.lab]) await autoJoinSpace(db, space);

  const [lea, camille] = [input.learners[0]!, input.learners[1]!];
  await db.insert(communityPosts).values([
    {
      id: ids.posts.news,
      spaceId: ids.groups.news,
      ownerUserId: people.owner,
      content: '<p>Bienvenue dans la communauté de l’atelier ! Un live « lumière d’hiver » a lieu jeudi à 18 h.</p>',
      excerpt: 'Bienvenue dans la communauté de l’atelier ! Un live « lumière d’hiver » a lieu jeudi à 18 h.',
      publishedAt: at(48),
      lastActivityAt: at(9),
      commentsCount: 2,
      pinned: true,
      createdAt: at(48),
      updatedAt: at(48),
    },
    {
      id: ids.posts.help,
      spaceId: ids.groups.help,
      ownerUserId: people.teacher,
      content: '<p>Montrez-nous votre plus belle photo de la semaine, et dites-nous ce que vous changeriez.</p>',
      excerpt: 'Montrez-nous votre plus belle photo de la semaine, et dites-nous ce que vous changeriez.',
      publishedAt: at(20),
      lastActivityAt: at(20),
      createdAt: at(20),
      updatedAt: at(20),
    },
    {
      id: ids.posts.lens,
      spaceId: ids.groups.help,
      ownerCustomerId: lea,
      content: '<p>Quel objectif pour débuter ? J’hésite entre un 35 mm et un 50 mm.</p>',
      excerpt: 'Quel objectif pour débuter ? J’hésite entre un 35 mm et un 50 mm.',
      publishedAt: at(100),
      lastActivityAt: at(100),
      createdAt: at(100),
      updatedAt: at(100),
    },
  ]);
  await db.insert(communityComments).values({
    id: ids.comments.news,
    postId: ids.posts.news,
    ownerUserId: people.admin,
    content: 'Le replay sera disponible dans la formation.',
    createdAt: at(9),
    updatedAt: at(9),
  });
  await db.insert(communityComments).values({ postId: ids.posts.news, parentId: ids.comments.news, ownerCustomerId: camille, content: 'Merci, je serai là !', createdAt: at(8), updatedAt: at(8) });
  await db.insert(communitySubscriptions).values([
    { postId: ids.posts.news, userId: people.owner },
    { postId: ids.posts.help, userId: people.teacher },
    { postId: ids.posts.lens, customerId: lea },
  ]);
}
