/**
 * Model-based tests of machines/consent (ARCHITECTURE rule 7; issue 17: analytics only after consent, refusing as
 * easy as accepting, the choice remembered and changeable from the legal links). Paths are generated with
 * xstate/graph from each remembered choice (none, accepted, refused) and walked against a real actor whose effects
 * are recorded, checked against an oracle written from the issue:
 * - the tag manager is loaded only once the visitor accepted and only on a page that permits analytics, once;
 * - the banner shows while nothing is chosen on a permitted page, and while the visitor reviews the choice;
 * - what is remembered is the visitor's last choice; refusing after an acceptance reloads the page (tags cannot be
 *   unloaded), nothing else reloads it.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { consentMachine, type ConsentChoice, type ConsentEvent } from '../machines/consent/consent.machine';
import { selectConsentView } from '../machines/consent/consent.selectors';
import { describePath, dropPrefixPaths, generatePaths, type EventVariants, type InitEvent, type ModelPath } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type Snapshot = SnapshotFrom<typeof consentMachine>;
type Path = ModelPath<Snapshot, ConsentEvent>;

const events = {
  ACCEPT: [{ type: 'ACCEPT' }],
  REFUSE: [{ type: 'REFUSE' }],
  REOPEN: [{ type: 'REOPEN' }],
  DISMISS: [{ type: 'DISMISS' }],
  PERMIT: [{ type: 'PERMIT' }],
  FORBID: [{ type: 'FORBID' }],
} satisfies EventVariants<ConsentEvent>;

/** The oracle's own account of a visit: what the visitor chose, whether the page permits, what was loaded. */
interface Visit {
  choice: ConsentChoice | null;
  reviewing: boolean;
  permitted: boolean;
  saved: ConsentChoice[];
  loads: number;
  reloads: number;
}

function expectedAfter(visit: Visit, event: ConsentEvent | InitEvent): Visit {
  const next = { ...visit, saved: [...visit.saved] };
  const asking = visit.reviewing || visit.choice === null;
  switch (event.type) {
    case 'PERMIT':
      next.permitted = true;
      break;
    case 'FORBID':
      next.permitted = false;
      break;
    case 'REOPEN':
      if (visit.choice !== null) next.reviewing = true;
      break;
    case 'DISMISS':
      next.reviewing = false;
      break;
    case 'ACCEPT':
      if (asking) {
        if (visit.choice !== 'accepted') next.saved.push('accepted');
        next.choice = 'accepted';
        next.reviewing = false;
      }
      break;
    case 'REFUSE':
      if (asking) {
        if (visit.choice !== 'refused') next.saved.push('refused');
        if (visit.choice === 'accepted') next.reloads += 1;
        next.choice = 'refused';
        next.reviewing = false;
      }
      break;
  }
  // Loaded the first time the visitor has accepted on a permitted page (scripts stay for the page's life).
  if (next.loads === 0 && next.choice === 'accepted' && !next.reviewing && next.permitted) next.loads = 1;
  return next;
}

const harness = (stored: ConsentChoice | null) => {
  const effects = { saved: [] as ConsentChoice[], loads: 0, reloads: 0 };
  const h = createActorHarness(consentMachine, {
    input: { stored },
    actions: {
      saveAccepted: () => void effects.saved.push('accepted'),
      saveRefused: () => void effects.saved.push('refused'),
      loadAnalytics: () => void (effects.loads += 1),
      reloadPage: () => void (effects.reloads += 1),
    } as never,
  });
  return Object.assign(h, { effects });
};

const starts = [null, 'accepted', 'refused'] as const;
const generated = starts.map((stored) => {
  const { shortest, transitions } = generatePaths<typeof consentMachine, ConsentEvent>(consentMachine, { events, input: { stored } });
  return { stored, paths: dropPrefixPaths([...shortest, ...transitions] as Path[]) };
});

describe('consent machine: generated paths', () => {
  it('paths cover every state', () => {
    expectEveryStateCovered(
      consentMachine,
      generated.map(({ stored, paths }) => ({ paths, input: { stored } })),
      // Left at once for the remembered choice.
      { transient: ['start'] },
    );
  });

  for (const { stored, paths } of generated) {
    it.each(paths.map((path, i) => [`remembered ${stored ?? 'nothing'} #${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
      let visit: Visit = { choice: stored, reviewing: false, permitted: false, saved: [], loads: 0, reloads: 0 };
      await walkPath(path, {
        harness: () => harness(stored),
        execute: (h, step) => (step.event.type === 'xstate.init' ? h.start() : h.send(step.event as ConsentEvent)),
        mark: () => null,
        comparable: (context) => context,
        check: ({ harness: h, step, actual, where }) => {
          visit = expectedAfter(visit, step.event);
          const view = selectConsentView(actual);
          expect(view.isOpen, `${where}: banner`).toBe(visit.reviewing || (visit.choice === null && visit.permitted));
          expect(view.choice, `${where}: choice`).toBe(visit.choice);
          expect(h.effects.saved, `${where}: remembered`).toEqual(visit.saved);
          expect(h.effects.loads, `${where}: tag manager loaded`).toBe(visit.loads);
          expect(h.effects.reloads, `${where}: reloads`).toBe(visit.reloads);
        },
      });
    });
  }
});
