import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  BookOpen,
  Code2,
  Handshake,
  Home,
  Megaphone,
  Package,
  Palette,
  Receipt,
  Settings,
  ShieldCheck,
  Sparkles,
  Tag,
  Users,
  UsersRound,
} from 'lucide-react';
import { canOpen, type Viewer } from './access';
import { routeByName, type Capabilities, type Role } from './routes';


export interface MenuEntry {
  /** Route name in the route table; the entry shows only if the viewer can open it. */
  route: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** Enterprise capability flag that hides the entry. */
  hiddenBy?: keyof Capabilities;
  /** Roles the menu hides the entry from even though the route is open to them (spec section 6). */
  hiddenFor?: readonly Role[];
  children?: readonly MenuEntry[];
  /** The community entry: opens the activation modal instead when the community cannot open. */
  community?: boolean;
}

export const menuMessages = defineMessages({
  home: { id: 'menu.home', defaultMessage: 'Accueil' },
  trainings: { id: 'menu.trainings', defaultMessage: 'Formations' },
  myTrainings: { id: 'menu.myTrainings', defaultMessage: 'Mes formations' },
  certificates: { id: 'menu.certificates', defaultMessage: 'Certificats' },
  trainingsSettings: { id: 'menu.trainingsSettings', defaultMessage: 'Réglages des formations' },
  bundles: { id: 'menu.bundles', defaultMessage: 'Packs' },
  customers: { id: 'menu.customers', defaultMessage: 'Apprenants' },
  statistics: { id: 'menu.statistics', defaultMessage: 'Statistiques' },
  sales: { id: 'menu.sales', defaultMessage: 'Ventes' },
  discounts: { id: 'menu.discounts', defaultMessage: 'Réductions' },
  community: { id: 'menu.community', defaultMessage: 'Communauté' },
  marketing: { id: 'menu.marketing', defaultMessage: 'Marketing' },
  marketingEmails: { id: 'menu.marketingEmails', defaultMessage: 'E-mails' },
  marketingConnections: { id: 'menu.marketingConnections', defaultMessage: 'Connexions externes' },
  marketingTools: { id: 'menu.marketingTools', defaultMessage: 'Outils d’automatisation' },
  affiliates: { id: 'menu.affiliates', defaultMessage: 'Affiliés' },
  aiAssistant: { id: 'menu.aiAssistant', defaultMessage: 'Assistant IA' },
  customization: { id: 'menu.customization', defaultMessage: 'Personnalisation' },
  embeds: { id: 'menu.embeds', defaultMessage: 'Widgets' },
  settings: { id: 'menu.settings', defaultMessage: 'Paramètres' },
  admin: { id: 'menu.admin', defaultMessage: 'Administration' },
});

const m = menuMessages;

/** The side drawer, top to bottom. */
export const sideMenu: readonly MenuEntry[] = [
  { route: 'home', label: m.home, icon: Home },
  {
    route: 'trainings',
    label: m.trainings,
    icon: BookOpen,
    children: [
      { route: 'trainings', label: m.myTrainings, icon: BookOpen },
      { route: 'trainings_certificates', label: m.certificates, icon: BookOpen },
      { route: 'trainings_settings', label: m.trainingsSettings, icon: BookOpen },
    ],
  },
  { route: 'bundles', label: m.bundles, icon: Package, hiddenFor: ['TEACHER'] },
  { route: 'customers', label: m.customers, icon: Users },
  { route: 'statistics', label: m.statistics, icon: BarChart3 },
  { route: 'sales', label: m.sales, icon: Receipt, hiddenBy: 'hide_sales' },
  { route: 'discounts', label: m.discounts, icon: Tag, hiddenBy: 'hide_discounts' },
  { route: 'community', label: m.community, icon: UsersRound, hiddenBy: 'hide_community', community: true },
  {
    route: 'marketing',
    label: m.marketing,
    icon: Megaphone,
    children: [
      { route: 'marketing_emails', label: m.marketingEmails, icon: Megaphone },
      { route: 'marketing_automations', label: m.marketingConnections, icon: Megaphone },
      { route: 'marketing_automation_tools', label: m.marketingTools, icon: Megaphone },
    ],
  },
  { route: 'affiliates', label: m.affiliates, icon: Handshake, hiddenBy: 'hide_affiliation' },
  { route: 'ai_assistant', label: m.aiAssistant, icon: Sparkles, hiddenBy: 'hide_copywriter' },
  { route: 'customization', label: m.customization, icon: Palette },
  { route: 'embeds', label: m.embeds, icon: Code2 },
  { route: 'settings', label: m.settings, icon: Settings },
  { route: 'admin', label: m.admin, icon: ShieldCheck },
];

/**
 * Is a menu entry shown to this viewer? Its route must open for them (the community entry shows even
 * while the community is off: it then opens the activation modal), no capability flag hides it, and
 * the menu does not hide it from their role.
 */
export function isEntryVisible(entry: MenuEntry, viewer: Viewer, capabilities: Capabilities): boolean {
  const route = routeByName(entry.route);
  if (!route) return false;
  if (entry.hiddenBy && capabilities[entry.hiddenBy]) return false;
  if (entry.hiddenFor?.includes(viewer.role) && !viewer.isAdmin) return false;
  return canOpen(route, entry.community ? { ...viewer, communityEnabled: true } : viewer);
}

/** The community opens only on a plan with recurring billing and once enabled; else the activation modal. */
export const communityOpens = (viewer: Viewer) => viewer.communityEnabled && viewer.plan !== 'PERCENT';

/** Plan link in the user menu: managers only, unless hidden for the enterprise. */
export const showsPlanLink = (viewer: Viewer, capabilities: Capabilities) =>
  !capabilities.hide_plan && canOpen(routeByName('plan')!, viewer);
