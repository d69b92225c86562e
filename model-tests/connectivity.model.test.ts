/**
 * Model-based tests of machines/connectivity (ARCHITECTURE rule 7): xstate/graph paths over every
 * state of the three parallel regions, starting online and offline, each walked against a real
 * actor whose `reload` action is recorded; plus hand-pinned transitions (the regions are independent).
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { connectivityMachine, type ConnectivityEvent, type ConnectivityInput } from '../machines/connectivity/connectivity.machine';
import { selectConnectivityView, selectIsNetworkLostOpen, selectIsOffline, selectIsPopupBlockedOpen } from '../machines/connectivity/connectivity.selectors';
import {
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;
type ConnectivityPath = ModelPath<ConnectivitySnapshot, ConnectivityEvent>;
type ConnectivityStep = ModelStep<ConnectivitySnapshot, ConnectivityEvent>;
type ConnectivityRestingState = 'link.online' | 'link.offline' | 'dialog.closed' | 'dialog.networkLost' | 'popup.closed' | 'popup.popupBlocked';
const CONNECTIVITY_TRANSIENT_STATES = ['link.starting'] as const;

const connectivityEvents = {
  WENT_OFFLINE: [{ type: 'WENT_OFFLINE' }],
  WENT_ONLINE: [{ type: 'WENT_ONLINE' }],
  NETWORK_LOST: [{ type: 'NETWORK_LOST' }],
  DISMISS: [{ type: 'DISMISS' }],
  RELOAD: [{ type: 'RELOAD' }],
  POPUP_BLOCKED: [{ type: 'POPUP_BLOCKED' }],
  DISMISS_POPUP: [{ type: 'DISMISS_POPUP' }],
} satisfies EventVariants<ConnectivityEvent>;

// ─── Harness: a real actor, the `reload` action recorded ─────────────────────────────────────────

function createConnectivityHarness(input: ConnectivityInput) {
  const reloads: number[] = [];
  const harness = createActorHarness(connectivityMachine, { actions: { reload: () => void reloads.push(reloads.length + 1) }, input });
  return Object.assign(harness, { reloads });
}
type ConnectivityHarness = ReturnType<typeof createConnectivityHarness>;

// ─── Executors: one per event type (a new event without an executor does not compile) ───────────

type Executor = (harness: ConnectivityHarness, step: ConnectivityStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as ConnectivityEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  WENT_OFFLINE: send,
  WENT_ONLINE: send,
  NETWORK_LOST: send,
  DISMISS: send,
  RELOAD: send,
  POPUP_BLOCKED: send,
  DISMISS_POPUP: send,
} satisfies Record<ConnectivityEvent['type'] | InitEvent['type'], Executor>;

// ─── Oracles, written from the chart ─────────────────────────────────────────────────────────────

/** What each region's leaf contributes to the view (the regions combine by union). */
const viewByLeaf = {
  'link.online': { isOffline: false },
  'link.offline': { isOffline: true },
  'dialog.closed': { isNetworkLostOpen: false },
  'dialog.networkLost': { isNetworkLostOpen: true },
  'popup.closed': { isPopupBlockedOpen: false },
  'popup.popupBlocked': { isPopupBlockedOpen: true },
} satisfies Record<ConnectivityRestingState, Partial<ReturnType<typeof selectConnectivityView>>>;

/** The region each event moves, and where to (from the chart); RELOAD moves none. */
const moves: Partial<Record<ConnectivityEvent['type'], { from: ConnectivityRestingState; to: ConnectivityRestingState }>> = {
  WENT_OFFLINE: { from: 'link.online', to: 'link.offline' },
  WENT_ONLINE: { from: 'link.offline', to: 'link.online' },
  NETWORK_LOST: { from: 'dialog.closed', to: 'dialog.networkLost' },
  DISMISS: { from: 'dialog.networkLost', to: 'dialog.closed' },
  POPUP_BLOCKED: { from: 'popup.closed', to: 'popup.popupBlocked' },
  DISMISS_POPUP: { from: 'popup.popupBlocked', to: 'popup.closed' },
};

function expectedLeaves(from: ConnectivitySnapshot | undefined, step: ConnectivityStep, input: ConnectivityInput): string[] {
  if (step.event.type === 'xstate.init') return [input.online ? 'link.online' : 'link.offline', 'dialog.closed', 'popup.closed'];
  const leaves = leafStates(from!.value);
  const move = moves[step.event.type];
  return move ? leaves.map((leaf) => (leaf === move.from ? move.to : leaf)) : leaves;
}

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const variants = [
  { name: 'starting online', input: { online: true } },
  { name: 'starting offline', input: { online: false } },
] as const;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths(connectivityMachine, { events: connectivityEvents, input: variant.input });
  return { ...variant, shortest, paths: dropPrefixPaths([...shortest, ...transitions]) as ConnectivityPath[] };
});

const walk = (path: ConnectivityPath, input: ConnectivityInput) =>
  walkPath(path, {
    harness: () => createConnectivityHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ reloadsBefore: h.reloads.length }),
    check: ({ harness: h, step, from, actual, before: { reloadsBefore }, where }) => {
      expect(actual.status, where).toBe('active');
      const leaves = leafStates(actual.value);
      expect(leaves.sort(), `${where}: regions`).toEqual(expectedLeaves(from, step, input).sort());
      expect(selectConnectivityView(actual), where).toEqual(Object.assign({}, ...leaves.map((leaf) => viewByLeaf[leaf as ConnectivityRestingState])));
      expect(h.reloads.length - reloadsBefore, `${where}: reloads`).toBe(step.event.type === 'RELOAD' ? 1 : 0);
    },
  });

describe('connectivity machine: generated paths', () => {
  it('the model lists every event of the machine (it invokes nothing)', () => {
    expect(invokeIds(connectivityMachine)).toEqual([]);
    const explored = new Set(flattenEvents(connectivityEvents).map((e) => e.type));
    for (const type of connectivityMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (both variants together) cover every state of the machine definition', () => {
    expectEveryStateCovered(connectivityMachine, generated, { transient: CONNECTIVITY_TRANSIENT_STATES });
  });

  it('each variant reaches all 8 combinations of the three regions and takes every event type', () => {
    for (const { shortest, paths } of generated) {
      expect(new Set(shortest.map((path) => JSON.stringify(path.state.value))).size).toBe(8);
      const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
      for (const type of connectivityMachine.events) expect(taken).toContain(type);
    }
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function started(input: ConnectivityInput) {
  const h = createConnectivityHarness(input);
  h.start();
  return h;
}

describe('connectivity machine: pinned transitions', () => {
  it('starts from navigator.onLine, both dialogs closed', () => {
    const online = started({ online: true });
    expect(online.snapshot().value).toEqual({ link: 'online', dialog: 'closed', popup: 'closed' });
    expect(selectIsOffline(online.snapshot())).toBe(false);
    const offline = started({ online: false });
    expect(offline.snapshot().value).toEqual({ link: 'offline', dialog: 'closed', popup: 'closed' });
    expect(selectIsOffline(offline.snapshot())).toBe(true);
  });

  it('the link follows the window events; repeated events change nothing', () => {
    const h = started({ online: true });
    h.send({ type: 'WENT_ONLINE' });
    expect(selectIsOffline(h.snapshot())).toBe(false);
    h.send({ type: 'WENT_OFFLINE' });
    h.send({ type: 'WENT_OFFLINE' });
    expect(selectIsOffline(h.snapshot())).toBe(true);
    h.send({ type: 'WENT_ONLINE' });
    expect(selectIsOffline(h.snapshot())).toBe(false);
  });

  it('regions are independent: the link does not open or close the dialogs, nor they each other', () => {
    const h = started({ online: true });
    h.send({ type: 'NETWORK_LOST' });
    h.send({ type: 'WENT_OFFLINE' });
    expect(h.snapshot().value).toEqual({ link: 'offline', dialog: 'networkLost', popup: 'closed' });
    h.send({ type: 'WENT_ONLINE' });
    expect(selectIsNetworkLostOpen(h.snapshot())).toBe(true);
    h.send({ type: 'POPUP_BLOCKED' });
    expect(h.snapshot().value).toEqual({ link: 'online', dialog: 'networkLost', popup: 'popupBlocked' });
    h.send({ type: 'DISMISS' });
    expect(h.snapshot().value).toEqual({ link: 'online', dialog: 'closed', popup: 'popupBlocked' });
    h.send({ type: 'NETWORK_LOST' });
    h.send({ type: 'DISMISS_POPUP' });
    expect(h.snapshot().value).toEqual({ link: 'online', dialog: 'networkLost', popup: 'closed' });
    expect(selectIsPopupBlockedOpen(h.snapshot())).toBe(false);
  });

  it('NETWORK_LOST while the dialog is open keeps it open (no stacking)', () => {
    const h = started({ online: true });
    h.send({ type: 'NETWORK_LOST' });
    const before = h.snapshot();
    h.send({ type: 'NETWORK_LOST' });
    expect(h.snapshot()).toBe(before);
  });

  it('RELOAD runs `reload` from the dialog and from the offline banner, and changes no state', () => {
    const h = started({ online: false });
    h.send({ type: 'RELOAD' }); // the offline banner's button
    expect(h.snapshot().value).toEqual({ link: 'offline', dialog: 'closed', popup: 'closed' });
    h.send({ type: 'NETWORK_LOST' });
    h.send({ type: 'RELOAD' }); // the dialog's refresh button
    expect(h.snapshot().value).toEqual({ link: 'offline', dialog: 'networkLost', popup: 'closed' });
    expect(h.reloads).toEqual([1, 2]);
  });

  it('the unprovided `reload` says what to provide', () => {
    const actor = createActor(connectivityMachine, { input: { online: true } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'RELOAD' });
    expect(String(errors[0])).toMatch(/reload not provided/);
  });
});
