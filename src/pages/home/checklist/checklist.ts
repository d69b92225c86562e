import type { components } from '../../../api/schema.gen';

export type Milestone = components['schemas']['OnboardingMilestone'];
export type MilestoneKey = Milestone['key'];

/** The header of the checklist (spec: none done → invitation; some → x/total with a bar; all → congratulation, no bar). */
export type ChecklistHeader = { kind: 'none'; total: number } | { kind: 'progress'; done: number; total: number } | { kind: 'done'; total: number };

export function checklistHeader(milestones: readonly Milestone[]): ChecklistHeader {
  const total = milestones.length;
  const done = milestones.filter((m) => m.completed).length;
  if (done === 0) return { kind: 'none', total };
  if (done === total) return { kind: 'done', total };
  return { kind: 'progress', done, total };
}

/**
 * Where each step leads (spec "Home page"): subdomain → settings, customize → customization, first training →
 * the add action of the trainings list, company → settings_company, payment → settings_payments.
 */
export const milestoneTargets: Record<MilestoneKey, { route: string; href: string }> = {
  SUBDOMAIN: { route: 'settings', href: '/parametres' },
  CUSTOMIZE: { route: 'customization', href: '/personnalisation' },
  FIRST_TRAINING: { route: 'trainings', href: '/formations?ajouter=1' },
  COMPANY: { route: 'settings_company', href: '/parametres/entreprise' },
  STRIPE: { route: 'settings_payments', href: '/parametres/paiements' },
};
