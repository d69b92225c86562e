import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../../src/app/access';
import { routeByName, type Plan, type Role } from '../../../src/app/routes';
import { advantageCards, visibleAdvantageCards } from '../../../src/pages/home/advantages/advantageCards';

const noFlags = { hide_copywriter: false, hide_community: false, hide_sales: false, hide_discounts: false, hide_affiliation: false, hide_plan: false };
const viewer = (role: Role, plan: Plan, isAdmin = false): Viewer => ({ role, plan, isAdmin, communityEnabled: true });
const COACHING = 'https://coaching.example.test';
const ids = (cards: { id: string }[]) => cards.map((c) => c.id);
const lockedIds = (cards: { id: string; locked: boolean }[]) => cards.filter((c) => c.locked).map((c) => c.id);

describe('advantage cards', () => {
  it('link where the spec says, each to an existing route with its query', () => {
    const hrefs = Object.fromEntries(advantageCards.flatMap((c) => ('route' in c.target ? [[c.id, c.target.href]] : [])));
    expect(hrefs).toEqual({
      team: '/parametres/equipe',
      discounts: '/reductions',
      customDomain: '/parametres',
      automations: '/marketing/connexions-externes',
      welcomeEmail: '/marketing/emails?onglet=WELCOME',
      inactiveEmail: '/marketing/emails?onglet=NO_RECENT_CONNECTION_1',
      embeds: '/widgets',
      assignments: '/formations',
      payments: '/parametres/paiements',
      affiliates: '/affilies',
      aiAssistant: '/assistant-ia?type=title_ideas',
      newCustomers: '/apprenants?sort=created_at&order=desc&type=STUDENT&page=1',
    });
    for (const card of advantageCards) {
      if (!('route' in card.target)) continue;
      expect(routeByName(card.target.route)?.path, card.id).toBe(card.target.href.split('?')[0]);
    }
  });

  it('shows an owner on PRO every card, coaching included when configured, none locked', () => {
    const cards = visibleAdvantageCards(viewer('OWNER', 'PRO'), noFlags, COACHING);
    expect(ids(cards)).toEqual(advantageCards.map((c) => c.id));
    expect(lockedIds(cards)).toEqual([]);
  });

  it('offers the upgrade on PERCENT for the custom domain and assignments, and hides coaching', () => {
    const cards = visibleAdvantageCards(viewer('OWNER', 'PERCENT'), noFlags, COACHING);
    expect(lockedIds(cards)).toEqual(['customDomain', 'assignments']);
    expect(ids(cards)).not.toContain('coaching');
  });

  it('locks only assignments on PERK, and still hides coaching there', () => {
    const cards = visibleAdvantageCards(viewer('OWNER', 'PERK'), noFlags, COACHING);
    expect(lockedIds(cards)).toEqual(['assignments']);
    expect(ids(cards)).not.toContain('coaching');
  });

  it('shows coaching on EXPERT only when its address is set', () => {
    expect(ids(visibleAdvantageCards(viewer('OWNER', 'EXPERT'), noFlags, COACHING))).toContain('coaching');
    expect(ids(visibleAdvantageCards(viewer('OWNER', 'EXPERT'), noFlags, null))).not.toContain('coaching');
  });

  it('keeps to the pages a role opens: a teacher sees the trainings card only (and coaching)', () => {
    expect(ids(visibleAdvantageCards(viewer('TEACHER', 'PRO'), noFlags, COACHING))).toEqual(['assignments', 'coaching']);
    expect(ids(visibleAdvantageCards(viewer('ANALYST', 'PRO'), noFlags, null))).toEqual(['discounts', 'assignments', 'newCustomers']);
  });

  it('hides cards by enterprise flags', () => {
    const flags = { ...noFlags, hide_discounts: true, hide_affiliation: true, hide_copywriter: true, hide_sales: true };
    const cards = ids(visibleAdvantageCards(viewer('OWNER', 'PRO'), flags, null));
    expect(cards).not.toEqual(expect.arrayContaining(['discounts']));
    for (const hidden of ['discounts', 'affiliates', 'aiAssistant', 'payments']) expect(cards).not.toContain(hidden);
  });

  it('never locks cards for platform admins', () => {
    expect(lockedIds(visibleAdvantageCards(viewer('ADMIN', 'PERCENT', true), noFlags, null))).toEqual([]);
  });
});
