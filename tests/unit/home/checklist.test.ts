import { describe, expect, it } from 'vitest';
import { routeByName } from '../../../src/app/routes';
import { checklistHeader, milestoneTargets, type Milestone, type MilestoneKey } from '../../../src/pages/home/checklist/checklist';

const KEYS: MilestoneKey[] = ['SUBDOMAIN', 'CUSTOMIZE', 'FIRST_TRAINING', 'COMPANY', 'STRIPE'];
const with_ = (done: MilestoneKey[]): Milestone[] => KEYS.map((key) => ({ key, completed: done.includes(key) }));

describe('checklistHeader', () => {
  it('invites to set up when nothing is done', () => {
    expect(checklistHeader(with_([]))).toEqual({ kind: 'none', total: 5 });
  });

  it.each([
    [['SUBDOMAIN'], 1],
    [['SUBDOMAIN', 'COMPANY'], 2],
    [['STRIPE', 'CUSTOMIZE', 'FIRST_TRAINING', 'COMPANY'], 4],
  ] as [MilestoneKey[], number][])('counts progress for %j', (done, count) => {
    expect(checklistHeader(with_(done))).toEqual({ kind: 'progress', done: count, total: 5 });
  });

  it('congratulates when all five are done', () => {
    expect(checklistHeader(with_(KEYS))).toEqual({ kind: 'done', total: 5 });
  });
});

describe('milestoneTargets', () => {
  it('leads each step to an existing route whose path matches its address', () => {
    for (const key of KEYS) {
      const target = milestoneTargets[key];
      const route = routeByName(target.route);
      expect(route, key).toBeDefined();
      expect(target.href.split('?')[0]).toBe(route!.path);
    }
  });

  it('follows the spec: settings, customization, trainings add action, company, payments', () => {
    expect(Object.fromEntries(KEYS.map((k) => [k, milestoneTargets[k].route]))).toEqual({
      SUBDOMAIN: 'settings',
      CUSTOMIZE: 'customization',
      FIRST_TRAINING: 'trainings',
      COMPANY: 'settings_company',
      STRIPE: 'settings_payments',
    });
  });
});
