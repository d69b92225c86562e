import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { NotificationType } from '../commands/notifications.js';
import type { Database } from './client.js';
import { seedAssignments } from './seedAssignments.js';
import { seedBundles } from './seedBundles.js';
import { seedCatalogue } from './seedCatalogue.js';
import { seedCommunity } from './seedCommunity.js';
import { seedLearners } from './seedLearners.js';
import { seedQuizzes } from './seedQuizzes.js';
import { seedSponsorship } from './seedSponsorship.js';
import { companies, notifications, pages, perkCodes, stores, users, type NotificationData } from './schema.js';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.test', firstname: 'Olivia', role: 'OWNER', isAdmin: false },
  { email: 'admin@demo.test', firstname: 'Adam', role: 'ADMIN', isAdmin: false },
  { email: 'teacher@demo.test', firstname: 'Thomas', role: 'TEACHER', isAdmin: false },
  { email: 'analyst@demo.test', firstname: 'Anna', role: 'ANALYST', isAdmin: false },
  { email: 'platform@demo.test', firstname: 'Paul', role: 'ADMIN', isAdmin: true },
] as const;

/** The demo owner has answered the onboarding questionnaire (the demo store is a store in use). */
export const DEMO_ONBOARDING_ANSWERS = JSON.stringify([
  { name: 'HOW_FOUND_US', type: 'radio', value: 'REFERRAL', other: null },
  { name: 'WHO_ARE_YOU', type: 'radio', value: 'TEACHER_PRO', other: null },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 'SOON', other: null },
  { name: 'WHAT_MAIN_ACTIVITY', type: 'select', value: 'ART_CULTURE', other: null },
  { name: 'WHAT_TOOL', type: 'radio', value: 'WEBSITE', other: 'WordPress' },
  { name: 'WHAT_IMPORTANT', type: 'checkbox', value: ['SIMPLE', 'FRANCE'], other: null },
]);

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(stores);
  return (row?.n ?? 0) === 0;
}

/**
 * Partner perk codes for trying the PERK sign-up (/inscription?perk=CODE): unused ones, and one already claimed by the
 * demo store, refused at the sign-up's perk field. Each unused code serves one sign-up per seeded database.
 */
export const DEMO_PERK_CODES = { unused: ['PARTENAIRE-DEMO-1', 'PARTENAIRE-DEMO-2', 'PARTENAIRE-DEMO-3'], used: 'PARTENAIRE-UTILISE' } as const;

/** The demo store (subdomain demo, plan PRO) with one user per role. Never run it in production. */
export async function seedDemo(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [store] = await tx
      .insert(stores)
      .values({
        subdomain: 'demo',
        plan: 'PRO',
        communityEnabled: true,
        onboardingQuestions: DEMO_ONBOARDING_ANSWERS,
        subdomainSetAt: new Date(),
        // The demo sells with the built-in test provider (outside production, or PAYMENTS_TEST_MODE=1).
        featureOptions: { test_payments: true },
        // Team seats (#15): 2 included and 8 bought, 4 taken by the demo team: invitations can be tried.
        additionalUserAccounts: 2,
        paidUserAccounts: 8,
      })
      .returning();
    const now = new Date();
    // A store half set up: subdomain chosen and company filled in; customization and payments still to do.
    await tx.insert(companies).values({
      storeId: store!.id,
      name: 'Atelier Démo SAS',
      legalForm: 'SAS',
      addressLine1: '12 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      country: 'FR',
      email: 'contact@demo.test',
      signatoryName: 'Camille Démo',
    });
    const demoUsers = await tx
      .insert(users)
      // One millisecond apart: the team page lists members by arrival, in the order of DEMO_ACCOUNTS.
      .values(DEMO_ACCOUNTS.map((a, i) => ({ ...a, storeId: store!.id, passwordHash, emailVerifiedAt: now, lastname: 'Démo', createdAt: new Date(now.getTime() + i) })))
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => demoUsers.find((u) => u.email === email)!.id;
    // A team member who has since left: what she caused must read "Membre supprimé", as in real life.
    const [former] = await tx
      .insert(users)
      .values({ storeId: store!.id, email: 'julie@demo.test', firstname: 'Julie', lastname: 'Démo', role: 'TEACHER', passwordHash })
      .returning({ id: users.id });
    const people = {
      owner: idOf('owner@demo.test'),
      admin: idOf('admin@demo.test'),
      teacher: idOf('teacher@demo.test'),
      former: former!.id,
    };
    await tx.insert(notifications).values(demoNotifications(people, now));
    await tx.insert(perkCodes).values([
      ...DEMO_PERK_CODES.unused.map((code) => ({ code, partner: 'Partenaire démo' })),
      { code: DEMO_PERK_CODES.used, partner: 'Partenaire démo', usedByStoreId: store!.id, usedAt: now },
    ]);
    await seedCatalogue(tx, { storeId: store!.id, owner: people.owner, teacher: people.teacher, trainingIds: DEMO_IDS.trainings, now });
    await seedBundles(tx, { storeId: store!.id, trainingIds: DEMO_IDS.trainings, now });
    await seedLearners(tx, { storeId: store!.id, trainingIds: DEMO_IDS.trainings, named: CUSTOMERS.map((name, i) => ({ id: DEMO_IDS.customers[i]!, name, email: emailOf(name) })), teacher: people.teacher, former: people.former, now, passwordHash });
    const learner = (i: number) => DEMO_IDS.customers[i]!;
    await seedAssignments(tx, {
      storeId: store!.id,
      trainingId: DEMO_IDS.trainings.photo,
      itemId: TRAININGS[0].item,
      customers: { camille: learner(1), manon: learner(2), lucas: learner(3), chloe: learner(4) },
      teacher: people.teacher,
      former: people.former,
      now,
    });
    // Quiz items 8 (fundamentals, learners' attempts) and 17 (natural light) of the demo catalogue.
    await seedQuizzes(tx, { answered: 8, unanswered: 17, now });
    await seedCommunity(tx, {
      storeId: store!.id,
      people,
      ids: DEMO_IDS,
      trainingId: DEMO_IDS.trainings.photo,
      learners: DEMO_IDS.customers,
      now,
    });
    await seedSponsorship(tx, { sponsorStoreId: store!.id, passwordHash, now });
    await tx.delete(users).where(eq(users.id, people.former));
  });
}

/**
 * Ids of the demo store's trainings, spaces, posts and customers that notifications point to. The demo
 * seeds of those entities must reuse them, so that following a demo notification lands on a real page.
 */
const demoId = (n: number) => `de300000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const DEMO_IDS = {
  trainings: { photo: demoId(1), light: demoId(2), styling: demoId(3) },
  groups: { help: demoId(11), news: demoId(12) },
  posts: { help: demoId(21), news: demoId(22), lens: demoId(23) },
  comments: { news: demoId(31) },
  affiliates: { hugo: demoId(41) },
  customers: [demoId(51), demoId(52), demoId(53), demoId(54), demoId(55), demoId(56)],
} as const;

const TRAININGS = [
  { uuid: DEMO_IDS.trainings.photo, name: 'Photographie culinaire : les fondamentaux', item: 4, lesson: 'Composer une assiette' },
  { uuid: DEMO_IDS.trainings.light, name: 'Maîtriser la lumière naturelle', item: 12, lesson: 'La lumière de fenêtre' },
  { uuid: DEMO_IDS.trainings.styling, name: 'Stylisme culinaire avancé', item: 23, lesson: 'Choisir ses accessoires' },
] as const;
const CUSTOMERS = ['Léa Martin', 'Camille Bernard', 'Manon Dubois', 'Lucas Moreau', 'Chloé Laurent', 'Nathan Girard'] as const;
const emailOf = (name: string) =>
  `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(' ', '.')}@example.com`;

type DemoNotification = typeof notifications.$inferInsert;
interface DemoPeople {
  owner: string;
  admin: string;
  teacher: string;
  former: string;
}

/**
 * With the 4 ASSIGNMENT_SUBMITTED of seedAssignments.ts (its learner-side commands notify the demo training's
 * authors): owner 23 notifications (more than one page, 6 unread), admin 4 (1 unread), teacher 4 (2 unread).
 */
function demoNotifications(people: DemoPeople, now: Date): DemoNotification[] {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  const note = (n: {
    to: string;
    hoursAgo: number;
    read: boolean;
    type: NotificationType;
    template: string;
    data: NotificationData;
    actor?: string;
  }): DemoNotification => ({
    userId: n.to,
    type: n.type,
    template: n.template,
    data: n.data,
    actorUserId: n.actor ?? null,
    createdAt: at(n.hoursAgo),
    readAt: n.read ? at(n.hoursAgo - 0.5) : null,
  });
  const training = (t: number) => TRAININGS[t % TRAININGS.length]!;
  const customer = (c: number) => ({ name: CUSTOMERS[c % CUSTOMERS.length]!, uuid: DEMO_IDS.customers[c % CUSTOMERS.length]! });

  const sale = (to: string, hoursAgo: number, read: boolean, c: number, t: number) =>
    note({
      to,
      hoursAgo,
      read,
      type: 'SALE_CREATED',
      template: `Nouvelle vente : ${customer(c).name} a acheté « ${training(t).name} »`,
      // entity_uuid is what was bought (a training or a bundle): the link leads to the buyer, not to the training.
      data: { customer_uuid: customer(c).uuid, entity_uuid: training(t).uuid, email: emailOf(customer(c).name) },
    });
  const lessonComment = (to: string, hoursAgo: number, read: boolean, actor: string, t: number) =>
    note({
      to,
      hoursAgo,
      read,
      actor,
      type: 'TRAINING_COMMENT_CREATED',
      template: `{actor} a commenté la leçon « ${training(t).lesson} »`,
      data: { training_uuid: training(t).uuid, training_item_id: training(t).item },
    });
  const { groups, posts, comments } = DEMO_IDS;

  const owner: DemoNotification[] = [
    note({
      to: people.owner,
      hoursAgo: 0.3,
      read: false,
      actor: people.teacher,
      type: 'COMMUNITY_POST_CREATED',
      template: "{actor} a publié dans l'espace « Entraide entre élèves »",
      data: { group: groups.help, post: posts.help },
    }),
    sale(people.owner, 2, false, 0, 0),
    note({
      to: people.owner,
      hoursAgo: 9,
      read: false,
      actor: people.admin,
      type: 'COMMUNITY_COMMENT_CREATED',
      template: "{actor} a commenté votre publication dans l'espace « Annonces »",
      data: { group: groups.news, post: posts.news, uuid: comments.news },
    }),
    lessonComment(people.owner, 26, false, people.former, 1),
    note({
      to: people.owner,
      hoursAgo: 30,
      read: true,
      type: 'AFFILIATE_PAYOUT_REQUESTED',
      template: "Hugo Petit demande le versement de ses commissions d'affiliation (84,00 €)",
      data: { affiliate_uuid: DEMO_IDS.affiliates.hugo, email: 'hugo.petit@example.com' },
    }),
  ];
  // Older, already read activity, so that the list has a second page.
  for (let i = 0; i < 17; i++) {
    const hoursAgo = 36 + i * 19;
    const kind = i % 5;
    if (kind === 0) owner.push(sale(people.owner, hoursAgo, true, i + 2, i));
    else if (kind === 1) owner.push(lessonComment(people.owner, hoursAgo, true, people.teacher, i));
    // kind 2: the assignment submissions of seedAssignments.ts, with their real notifications.
    else if (kind === 2) continue;
    else if (kind === 3) owner.push(sale(people.owner, hoursAgo, true, i + 3, i + 2));
    else {
      owner.push(
        note({
          to: people.owner,
          hoursAgo,
          read: true,
          actor: people.teacher,
          type: 'COMMUNITY_POST_CREATED',
          template: "{actor} a publié dans l'espace « Entraide entre élèves » : quel objectif pour débuter ?",
          data: { group: groups.help, post: posts.lens },
        }),
      );
    }
  }

  const admin: DemoNotification[] = [
    note({
      to: people.admin,
      hoursAgo: 1,
      read: false,
      actor: people.owner,
      type: 'COMMUNITY_POST_CREATED',
      template: "{actor} a publié dans l'espace « Annonces »",
      data: { group: groups.news, post: posts.news },
    }),
    sale(people.admin, 28, true, 3, 1),
    note({
      to: people.admin,
      hoursAgo: 50,
      read: true,
      actor: people.teacher,
      type: 'COMMUNITY_COMMENT_CREATED',
      template: "{actor} a commenté une publication de l'espace « Annonces »",
      data: { group: groups.news, post: posts.news, uuid: comments.news },
    }),
    lessonComment(people.admin, 75, true, people.teacher, 2),
  ];
  return [...owner, ...admin];
}

/**
 * Site pages are product content, not demo data: every start inserts them into an empty table. Several
 * processes starting at once against one PostgreSQL may race here, hence "on conflict do nothing".
 */
export async function seedSitePages(db: Database) {
  const [row] = await db.select({ n: count() }).from(pages);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(pages)
    .values(SITE_PAGES.map((page) => ({ slug: page.slug, title: page.title, contentHtml: page.html.trim() })))
    .onConflictDoNothing({ target: pages.slug });
}

/**
 * The operator's legal identity (company, registration, host) is not known to the product: those
 * mentions are marked « à compléter par l'exploitant » rather than invented.
 */
export const SITE_PAGES = [
  {
    slug: 'conditions-generales',
    title: "Conditions générales d'utilisation et de vente",
    html: `
<h2>Objet</h2>
<p>Les présentes conditions encadrent l'utilisation de la plateforme de formation en ligne par les formateurs qui y
créent leur boutique et par les apprenants qui y suivent des formations. Créer un compte vaut acceptation de ces conditions.</p>
<h2>Comptes</h2>
<ul>
  <li>Chaque compte est personnel ; vous êtes responsable de la confidentialité de votre mot de passe.</li>
  <li>Le propriétaire d'une boutique peut inviter des membres d'équipe et leur attribuer un rôle.</li>
  <li>Un compte peut être supprimé à tout moment depuis la page « Mon compte ».</li>
</ul>
<h2>Formations et contenus</h2>
<p>Le formateur est seul responsable des contenus qu'il publie et des prix qu'il fixe. Il garantit disposer des droits
nécessaires sur les vidéos, textes, images et documents mis en ligne.</p>
<h2>Abonnements et paiements</h2>
<p>Les offres PRO et EXPERT sont facturées au mois ou à l'année, sans engagement au-delà de la période en cours.
L'offre à la commission prélève un pourcentage sur chaque vente. Les prix sont indiqués en euros, toutes taxes comprises.</p>
<h2>Droit de rétractation</h2>
<p>L'apprenant qui achète une formation dispose d'un délai de quatorze jours pour se rétracter, sauf s'il a demandé
l'accès immédiat au contenu et renoncé expressément à ce droit.</p>
<h2>Responsabilité</h2>
<p>La plateforme est fournie avec diligence mais sans garantie d'absence d'interruption. Les opérations de maintenance
sont annoncées lorsque cela est possible.</p>
<h2>Droit applicable</h2>
<p>Les présentes conditions sont soumises au droit français. À défaut d'accord amiable, les tribunaux français sont compétents.</p>
`,
  },
  {
    slug: 'mentions-legales',
    title: 'Mentions légales',
    html: `
<h2>Éditeur du site</h2>
<p>Le site est édité par l'exploitant de la plateforme : raison sociale, forme juridique, capital, adresse du siège
et numéro d'immatriculation (à compléter par l'exploitant).</p>
<p>Directeur de la publication : le représentant légal de l'exploitant.</p>
<h2>Hébergement</h2>
<p>Nom, adresse et téléphone de l'hébergeur (à compléter par l'exploitant). Les données sont hébergées dans l'Union européenne.</p>
<h2>Propriété intellectuelle</h2>
<p>La marque, le logo et l'interface de la plateforme sont protégés. Les formations restent la propriété de leurs auteurs ;
toute reproduction sans autorisation est interdite.</p>
<h2>Contact</h2>
<p>Pour toute question, écrivez au support depuis votre espace, rubrique « Aide ».</p>
`,
  },
  {
    slug: 'politique-de-confidentialite',
    title: 'Politique de confidentialité',
    html: `
<h2>Données collectées</h2>
<ul>
  <li>Données de compte : prénom, nom, adresse e-mail, mot de passe (conservé sous forme chiffrée, jamais en clair).</li>
  <li>Données de facturation : nom, société, adresse postale.</li>
  <li>Données d'usage : progression dans les formations, réponses aux quiz, devoirs rendus, messages dans la communauté.</li>
</ul>
<h2>Finalités</h2>
<p>Ces données servent à fournir le service, à facturer les abonnements et les ventes, à envoyer les e-mails liés
au compte et à assurer la sécurité de la plateforme.</p>
<h2>Durée de conservation</h2>
<p>Les données de compte sont conservées tant que le compte est actif, puis supprimées ; les pièces comptables sont
conservées dix ans, comme l'exige la loi.</p>
<h2>Vos droits</h2>
<p>Vous disposez d'un droit d'accès, de rectification, d'effacement, d'opposition et de portabilité de vos données.
Exercez-les depuis la page « Mon compte » ou en écrivant au support. Vous pouvez aussi saisir la CNIL.</p>
<h2>Cookies</h2>
<p>La plateforme n'utilise que les cookies et le stockage local nécessaires à son fonctionnement, par exemple pour
garder votre session ou mémoriser un code d'affiliation.</p>
`,
  },
] as const;
