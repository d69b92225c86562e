import type { ComponentType } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '../api/schema.gen';
import { keepPrefetched, lessonPrefetchKey } from './prefetched';

export type Role = components['schemas']['Role'];
export type Plan = components['schemas']['Plan'];
export type Layout = 'default' | 'community' | 'blank';
/** The store's enterprise capability flags (hide_sales, hide_discounts…). */
export type Capabilities = components['schemas']['Store']['enterprise_capabilities'];

/**
 * Who may open a route (spec section 6):
 * - `guest`: signed-out only; a signed-in user goes home.
 * - `any`: everyone (`/activation`: the link is usually followed while signed in, see README).
 * - `auth`: any signed-in user; a guest goes to the login page with `redirect`.
 * - a role list: those roles or the platform-admin flag; others get "Vous n'avez pas accès à cette page !".
 * - `platformAdmin`: the platform-admin flag only.
 */
export type Guard = 'guest' | 'any' | 'auth' | 'platformAdmin' | readonly Role[];

export interface AppRoute {
  path: string;
  name: string;
  layout: Layout;
  guard: Guard;
  /** Plans that include the page; on another plan the page shows the plan-lock panel. */
  plans?: readonly Plan[];
  /** Usable on a phone: exempt from the "not available on mobile" block. */
  responsive?: boolean;
  /** Navigating to or from this route keeps the scroll position. */
  noScroll?: boolean;
  /** Query parameters the page reads, for documentation and links. */
  query?: readonly string[];
  /** A named redirect: the target path for the matched params (query and hash are carried over). */
  redirectTo?: (params: Record<string, string | undefined>) => string;
  /** The page. Routes without one belong to a later issue and show the honest "not available yet" page. */
  load?: () => Promise<ComponentType>;
  /**
   * Starts the page's first request as the navigation starts, beside the page's code and the session check (the
   * page takes it up when it mounts): for pages whose data is what the visitor waits for (the lesson editor).
   */
  prefetch?: (params: Record<string, string | undefined>) => void;
  /**
   * A catalogue of messages of its own the page waits for (src/i18n/catalogues.ts): the learner area's pages render
   * before any sign-in but are not the back office's guest pages, so their messages do not ship with the shell.
   */
  messages?: 'school';
  /** An enterprise capability flag that hides the page (and its menu entry) for the whole store: the guard then denies it. */
  hiddenBy?: keyof Capabilities;
  /** The part of the product that builds the page, shown on the "not available yet" page (see README). */
  comesWith?: MessageDescriptor;
}

const STATS: readonly Role[] = ['OWNER', 'ADMIN', 'ANALYST'];
const MANAGERS: readonly Role[] = ['OWNER', 'ADMIN'];
const EDITORS: readonly Role[] = ['OWNER', 'ADMIN', 'TEACHER'];

export const parts = defineMessages({
  community: { id: 'part.community', defaultMessage: 'Communauté' },
  crm: { id: 'part.crm', defaultMessage: 'Apprenants, ventes, réductions et statistiques' },
  settings: { id: 'part.settings', defaultMessage: 'Équipe, paramètres, compte et abonnement' },
  marketing: { id: 'part.marketing', defaultMessage: 'Marketing, affiliation, assistant IA, personnalisation, widgets et administration' },
  learner: { id: 'part.learner', defaultMessage: 'Espace apprenant' },
});
const later = (comesWith: MessageDescriptor) => ({ comesWith });
const LEARNER = later(parts.learner);

/**
 * Every route of the back office (spec section 2) as data. The router, the guards, the menu, the
 * mobile block and the route × role test all read this one table.
 */
export const routes: readonly AppRoute[] = [
  // Public pages (blank layout)
  { path: '/connexion', name: 'login', layout: 'blank', guard: 'guest', responsive: true, query: ['redirect'], load: () => import('../pages/auth/LoginPage').then((m) => m.LoginPage) },
  { path: '/inscription', name: 'register', layout: 'blank', guard: 'guest', responsive: true, query: ['parrain', 'perk'], load: () => import('../pages/auth/RegisterPage').then((m) => m.RegisterPage) },
  { path: '/inscription/invitation', name: 'register_from_invite', layout: 'blank', guard: 'guest', responsive: true, query: ['token'], load: () => import('../pages/auth/AcceptInvitationPage').then((m) => m.AcceptInvitationPage) },
  { path: '/activation', name: 'activation', layout: 'blank', guard: 'any', responsive: true, query: ['email', 'token'], load: () => import('../pages/auth/ActivationPage').then((m) => m.ActivationPage) },
  {
    path: '/changement-mot-de-passe',
    name: 'resetpassword',
    layout: 'blank',
    guard: 'guest',
    responsive: true,
    query: ['email', 'token'],
    load: () => import('../pages/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  },

  // Home and account
  { path: '/', name: 'home', layout: 'default', guard: 'auth', responsive: true, query: ['questionnaire'], load: () => import('../pages/home/HomePage').then((m) => m.HomePage) },
  { path: '/mon-compte', name: 'account', layout: 'default', guard: 'auth', responsive: true, load: () => import('../pages/account/AccountPage').then((m) => m.AccountPage) },
  { path: '/mon-compte/securite', name: 'account_security', layout: 'default', guard: 'auth', responsive: true, load: () => import('../pages/account/SecurityPage').then((m) => m.SecurityPage) },

  // Customers, sales, statistics
  { path: '/statistiques', name: 'statistics', layout: 'default', guard: STATS, load: () => import('../pages/statistics/StoreStatisticsPage').then((m) => m.StoreStatisticsPage) },
  {
    path: '/apprenants',
    name: 'customers',
    layout: 'default',
    guard: STATS,
    query: ['q', 'type', 'sort', 'order', 'page'],
    load: () => import('../pages/customers/CustomersPage').then((m) => m.CustomersPage),
  },
  { path: '/apprenants/:uuid', name: 'customer', layout: 'default', guard: STATS, load: () => import('../pages/customers/CustomerPage').then((m) => m.CustomerPage) },
  {
    path: '/ventes',
    name: 'sales',
    layout: 'default',
    guard: STATS,
    hiddenBy: 'hide_sales',
    query: ['q', 'statut', 'produit', 'du', 'au', 'page'],
    load: () => import('../pages/sales/SalesPage').then((m) => m.SalesPage),
  },
  { path: '/reductions', name: 'discounts', layout: 'default', guard: STATS, hiddenBy: 'hide_discounts', query: ['q', 'page'], load: () => import('../pages/sales/DiscountsPage').then((m) => m.DiscountsPage) },

  // Store management
  { path: '/widgets', name: 'embeds', layout: 'default', guard: MANAGERS, load: () => import('../pages/customization/WidgetsPage').then((m) => m.WidgetsPage) },
  {
    path: '/abonnement',
    name: 'plan',
    layout: 'default',
    guard: MANAGERS,
    hiddenBy: 'hide_plan',
    // The payment page sends the trainer back with ?commande=<order uuid>.
    query: ['onglet', 'commande'],
    load: () => import('../pages/plan/PlanPage').then((m) => m.PlanPage),
  },
  {
    path: '/abonnement/paiement-test/:uuid',
    name: 'plan_test_payment',
    layout: 'default',
    guard: MANAGERS,
    hiddenBy: 'hide_plan',
    load: () => import('../pages/plan/PlanTestPaymentPage').then((m) => m.PlanTestPaymentPage),
  },
  { path: '/assistant-ia', name: 'ai_assistant', layout: 'default', guard: MANAGERS, hiddenBy: 'hide_copywriter', query: ['type'], load: () => import('../pages/ai/AiAssistantPage').then((m) => m.AiAssistantPage) },
  { path: '/assistant-ia/historique', name: 'ai_assistant_history', layout: 'default', guard: MANAGERS, hiddenBy: 'hide_copywriter', query: ['type', 'page'], load: () => import('../pages/ai/AiHistoryPage').then((m) => m.AiHistoryPage) },
  {
    path: '/assistant-ia/tableau-de-bord',
    name: 'ai_assistant_dashboard',
    layout: 'default',
    guard: MANAGERS,
    hiddenBy: 'hide_copywriter',
    // The payment page sends the trainer back with ?commande=<order uuid>.
    query: ['commande'],
    load: () => import('../pages/ai/AiDashboardPage').then((m) => m.AiDashboardPage),
  },
  { path: '/marketing', name: 'marketing', layout: 'default', guard: MANAGERS, load: () => import('../pages/marketing/MarketingHubPage').then((m) => m.MarketingHubPage) },
  { path: '/marketing/connexions-externes', name: 'marketing_automations', layout: 'default', guard: MANAGERS, load: () => import('../pages/marketing/EmailProvidersPage').then((m) => m.EmailProvidersPage) },
  { path: '/marketing/outils-automatisation', name: 'marketing_automation_tools', layout: 'default', guard: MANAGERS, load: () => import('../pages/marketing/WebhooksPage').then((m) => m.WebhooksPage) },
  { path: '/marketing/emails', name: 'marketing_emails', layout: 'default', guard: MANAGERS, query: ['onglet'], load: () => import('../pages/marketing/EmailTemplatesPage').then((m) => m.EmailTemplatesPage) },
  { path: '/personnalisation', name: 'customization', layout: 'default', guard: MANAGERS, load: () => import('../pages/customization/CustomizationPage').then((m) => m.CustomizationPage) },
  { path: '/personnalisation/pages', name: 'customization_pages', layout: 'default', guard: MANAGERS, load: () => import('../pages/customization/CustomizationPagesPage').then((m) => m.CustomizationPagesPage) },
  { path: '/personnalisation/interne', name: 'customization_internal', layout: 'default', guard: MANAGERS, load: () => import('../pages/customization/CustomizationPagesPage').then((m) => m.CustomizationInternalPage) },
  { path: '/affilies', name: 'affiliates', layout: 'default', guard: MANAGERS, hiddenBy: 'hide_affiliation', load: () => import('../pages/affiliates/AffiliatesPages').then((m) => m.AffiliatesPage) },
  { path: '/affilies/ventes', name: 'affiliates_sales', layout: 'default', guard: MANAGERS, hiddenBy: 'hide_affiliation', load: () => import('../pages/affiliates/AffiliatesPages').then((m) => m.AffiliateSalesPage) },
  { path: '/affilies/parametres', name: 'affiliates_settings', layout: 'default', guard: MANAGERS, hiddenBy: 'hide_affiliation', load: () => import('../pages/affiliates/AffiliatesPages').then((m) => m.AffiliateSettingsPage) },
  { path: '/affilies/:uuid/profil', name: 'affiliate', layout: 'default', guard: MANAGERS, noScroll: true, hiddenBy: 'hide_affiliation', load: () => import('../pages/affiliates/AffiliatesPages').then((m) => m.AffiliateProfilePage) },
  { path: '/affilies/:uuid/modifier', name: 'affiliate_edit', layout: 'default', guard: MANAGERS, noScroll: true, hiddenBy: 'hide_affiliation', load: () => import('../pages/affiliates/AffiliatesPages').then((m) => m.AffiliateEditPage) },
  { path: '/affiliation', name: 'affiliation', layout: 'default', guard: ['OWNER'], load: () => import('../pages/affiliation/AffiliationPages').then((m) => m.AffiliationPage) },
  { path: '/affiliation/affilies', name: 'affiliation_godchildren', layout: 'default', guard: ['OWNER'], load: () => import('../pages/affiliation/AffiliationPages').then((m) => m.AffiliationGodchildrenPage) },
  {
    path: '/affiliation/revenus',
    name: 'affiliation_revenues',
    layout: 'default',
    guard: ['OWNER'],
    query: ['du', 'au', 'page'],
    load: () => import('../pages/affiliation/AffiliationPages').then((m) => m.AffiliationRevenuesPage),
  },

  // Trainings and bundles
  { path: '/formations', name: 'trainings', layout: 'default', guard: 'auth', query: ['ajouter'], load: () => import('../pages/trainings/list/TrainingsListPage').then((m) => m.TrainingsListPage) },
  { path: '/formations/certificats', name: 'trainings_certificates', layout: 'default', guard: MANAGERS, load: () => import('../pages/trainings/certificates/CertificatesPage').then((m) => m.CertificatesPage) },
  { path: '/formations/parametres', name: 'trainings_settings', layout: 'default', guard: MANAGERS, load: () => import('../pages/trainings/settings/TrainingsSettingsPage').then((m) => m.TrainingsSettingsPage) },
  { path: '/packs', name: 'bundles', layout: 'default', guard: 'auth', load: () => import('../pages/bundles/list/BundlesListPage').then((m) => m.BundlesListPage) },
  { path: '/packs/:uuid', name: 'bundle', layout: 'default', guard: EDITORS, load: () => import('../pages/bundles/detail/BundleTrainingsPage').then((m) => m.BundleTrainingsPage) },
  { path: '/packs/:uuid/parametres', name: 'bundle_settings', layout: 'default', guard: EDITORS, load: () => import('../pages/bundles/detail/BundleSettingsPage').then((m) => m.BundleSettingsPage) },
  { path: '/packs/:uuid/prix', name: 'bundle_price', layout: 'default', guard: EDITORS, load: () => import('../pages/bundles/detail/BundlePricePage').then((m) => m.BundlePricePage) },
  { path: '/packs/:uuid/description', name: 'bundle_description', layout: 'default', guard: EDITORS, load: () => import('../pages/bundles/detail/BundleDescriptionPage').then((m) => m.BundleDescriptionPage) },
  { path: '/formations/:uuid', name: 'training', layout: 'default', guard: EDITORS, load: () => import('../pages/trainings/content/TrainingContentPage').then((m) => m.TrainingContentPage) },
  {
    path: '/formations/:uuid/editor/:id',
    name: 'training_uuid_editor',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId'],
    load: () => import('../pages/trainings/lesson/LessonEditorPage').then((m) => m.LessonEditorPage),
    prefetch: ({ uuid, id }) => keepPrefetched(lessonPrefetchKey(uuid, id), import('../pages/trainings/lesson/lessonPrefetch').then((m) => m.fetchLessonItem(uuid, id))),
  },
  { path: '/formations/:uuid/quiz/:id', name: 'training_uuid_quiz', layout: 'default', guard: EDITORS, query: ['parentId'], load: () => import('../pages/trainings/quiz/QuizEditorPage').then((m) => m.QuizEditorPage) },
  {
    path: '/formations/:uuid/quiz/:id/answers',
    name: 'training_uuid_quiz_answers',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId', 'page'],
    load: () => import('../pages/trainings/quiz/QuizAnswersPage').then((m) => m.QuizAnswersPage),
  },
  {
    path: '/formations/:uuid/tasks/:id',
    name: 'training_uuid_tasks',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId'],
    load: () => import('../pages/trainings/tasks/TasksEditorPage').then((m) => m.TasksEditorPage),
  },
  {
    path: '/formations/:uuid/scorm/:id',
    name: 'training_uuid_scorm',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId'],
    load: () => import('../pages/trainings/scorm/ScormSettingsPage').then((m) => m.ScormSettingsPage),
  },
  {
    path: '/formations/:uuid/assignment/:id',
    name: 'training_uuid_assignment',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId'],
    load: () => import('../pages/trainings/assignment/AssignmentEditorPage').then((m) => m.AssignmentEditorPage),
  },
  {
    path: '/formations/:uuid/assignment/:id/submissions',
    name: 'training_uuid_assignment_submissions',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId'],
    load: () => import('../pages/trainings/assignment/AssignmentSubmissionsPage').then((m) => m.AssignmentSubmissionsPage),
  },
  {
    path: '/formations/:uuid/assignment/:id/submissions/:submissionId',
    name: 'training_uuid_assignment_submission',
    layout: 'default',
    guard: EDITORS,
    query: ['parentId'],
    load: () => import('../pages/trainings/assignment/AssignmentSubmissionPage').then((m) => m.AssignmentSubmissionPage),
  },
  { path: '/formations/:uuid/parametres', name: 'training_settings', layout: 'default', guard: EDITORS, load: () => import('../pages/trainings/training/SettingsPage').then((m) => m.SettingsPage) },
  { path: '/formations/:uuid/prix', name: 'training_price', layout: 'default', guard: EDITORS, load: () => import('../pages/trainings/training/PricePage').then((m) => m.PricePage) },
  { path: '/formations/:uuid/description', name: 'training_description', layout: 'default', guard: EDITORS, load: () => import('../pages/trainings/training/DescriptionPage').then((m) => m.DescriptionPage) },
  { path: '/formations/:uuid/apprenants', name: 'training_customers', layout: 'default', guard: 'auth', load: () => import('../pages/trainings/training/CustomersPage').then((m) => m.CustomersPage) },
  { path: '/formations/:uuid/commentaires', name: 'training_comments', layout: 'default', guard: 'auth', load: () => import('../pages/trainings/training/CommentsPage').then((m) => m.CommentsPage) },
  { path: '/formations/:uuid/statistiques', name: 'training_statistics', layout: 'default', guard: 'auth', load: () => import('../pages/trainings/training/StatisticsPage').then((m) => m.StatisticsPage) },
  { path: '/formations/:uuid/seo', name: 'training_seo', layout: 'default', guard: EDITORS, redirectTo: (p) => `/formations/${p.uuid}/parametres` },
  { path: '/formations/:uuid/interne', name: 'training_internal', layout: 'default', guard: EDITORS, redirectTo: (p) => `/formations/${p.uuid}/parametres` },

  // Settings
  { path: '/parametres', name: 'settings', layout: 'default', guard: MANAGERS, load: () => import('../pages/settings/GeneralSettingsPage').then((m) => m.GeneralSettingsPage) },
  { path: '/parametres/equipe', name: 'settings_team', layout: 'default', guard: MANAGERS, load: () => import('../pages/settings/TeamPage').then((m) => m.TeamPage) },
  { path: '/parametres/seo', name: 'settings_seo', layout: 'default', guard: MANAGERS, load: () => import('../pages/settings/SeoSettingsPage').then((m) => m.SeoSettingsPage) },
  { path: '/parametres/sso', name: 'settings_sso', layout: 'default', guard: MANAGERS, plans: ['EXPERT'], load: () => import('../pages/settings/SsoSettingsPage').then((m) => m.SsoSettingsPage) },
  { path: '/parametres/entreprise', name: 'settings_company', layout: 'default', guard: MANAGERS, load: () => import('../pages/settings/CompanySettingsPage').then((m) => m.CompanySettingsPage) },
  {
    path: '/parametres/paiements',
    name: 'settings_payments',
    layout: 'default',
    guard: MANAGERS,
    // Stripe's onboarding form sends the owner back with ?stripe=retour (or relance when its link expired).
    query: ['stripe'],
    load: () => import('../pages/settings/PaymentSettingsPage').then((m) => m.PaymentSettingsPage),
  },
  {
    path: '/parametres/communications',
    name: 'settings_communication',
    layout: 'default',
    guard: MANAGERS,
    load: () => import('../pages/settings/CommunicationSettingsPage').then((m) => m.CommunicationSettingsPage),
  },
  {
    path: '/parametres/integrations',
    name: 'settings_integrations',
    layout: 'default',
    guard: MANAGERS,
    load: () => import('../pages/settings/IntegrationsSettingsPage').then((m) => m.IntegrationsSettingsPage),
  },
  { path: '/parametres/facturation', name: 'settings_billing', layout: 'default', guard: MANAGERS, query: ['page'], load: () => import('../pages/settings/BillingPage').then((m) => m.BillingPage) },
  {
    path: '/parametres/facturation/:id',
    name: 'settings_billing_invoice',
    layout: 'default',
    guard: MANAGERS,
    load: () => import('../pages/settings/BillingPage').then((m) => m.InvoicePage),
  },

  // Platform administration
  { path: '/admin', name: 'admin', layout: 'default', guard: 'platformAdmin', load: () => import('../pages/admin/AdminHomePage').then((m) => m.AdminHomePage) },
  { path: '/admin/tops', name: 'admin_tops', layout: 'default', guard: 'platformAdmin', load: () => import('../pages/admin/AdminTopsPage').then((m) => m.AdminTopsPage) },
  { path: '/admin/kpi', name: 'admin_kpi', layout: 'default', guard: 'platformAdmin', load: () => import('../pages/admin/AdminKpiPage').then((m) => m.AdminKpiPage) },
  {
    path: '/admin/operations',
    name: 'admin_operations',
    layout: 'default',
    guard: 'platformAdmin',
    query: ['q', 'page'],
    load: () => import('../pages/admin/AdminOperationsPage').then((m) => m.AdminOperationsPage),
  },

  // Community (its own responsive layout; needs community_options.enabled)
  { path: '/communaute', name: 'community', layout: 'community', guard: 'auth', responsive: true, load: () => import('../pages/community/CommunityHomePage').then((m) => m.CommunityHomePage) },
  {
    path: '/communaute/demarrage',
    name: 'community_onboarding',
    layout: 'community',
    guard: MANAGERS,
    responsive: true,
    load: () => import('../pages/community/CommunityHomePage').then((m) => m.CommunityOnboardingPage),
  },
  {
    path: '/communaute/collection/:uuid',
    name: 'community_collection',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    load: () => import('../pages/community/CommunityHomePage').then((m) => m.CollectionPage),
  },
  {
    path: '/communaute/espaces/:uuid',
    name: 'community_group',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    redirectTo: (p) => `/communaute/espaces/${p.uuid}/discussions`,
  },
  {
    path: '/communaute/espaces/:uuid/discussions',
    name: 'community_group_posts',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    query: ['q', 'sort', 'page'],
    load: () => import('../pages/community/SpacePostsPage').then((m) => m.SpacePostsPage),
  },
  {
    path: '/communaute/espaces/:uuid/discussions/:postUUID',
    name: 'community_group_post',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    query: ['comment'],
    load: () => import('../pages/community/PostPage').then((m) => m.PostPage),
  },
  {
    path: '/communaute/espaces/:uuid/membres',
    name: 'community_group_members',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    load: () => import('../pages/community/MembersPage').then((m) => m.MembersPage),
  },
  {
    path: '/communaute/espaces/:uuid/informations',
    name: 'community_group_informations',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    load: () => import('../pages/community/SpaceInfoPage').then((m) => m.SpaceInfoPage),
  },
  {
    path: '/communaute/espaces/:uuid/signalements',
    name: 'community_group_abuses',
    layout: 'community',
    guard: 'auth',
    responsive: true,
    load: () => import('../pages/community/AbusesPage').then((m) => m.AbusesPage),
  },

  // A school's learner area on this app (shared/schoolPaths.ts): its pages and its learner session live under it.
  {
    path: '/ecole/:subdomain/*',
    name: 'school',
    layout: 'blank',
    guard: 'any',
    responsive: true,
    query: ['token', 'preview_token'],
    messages: 'school',
    // The storefront's own entry (school.html) draws it: the page is loaded again (issue 11).
    load: () => import('../pages/school/SchoolEntryRedirect').then((m) => m.SchoolEntryRedirect),
  },
  // The learner area of the spec's addresses (lesson previews now open the school's player: schoolPaths.player + ?preview_token=)
  { path: '/mon-espace/*', name: 'learner_area', layout: 'blank', guard: 'any', responsive: true, ...LEARNER },
];

export const routeByName = (name: string) => routes.find((route) => route.name === name);
