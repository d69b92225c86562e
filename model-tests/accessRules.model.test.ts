/**
 * Model-based tests of machines/accessRules (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, for both places the form lives (a training's settings card, with the certificate; a row of the
 * store-wide table, without), each walked against a REAL actor whose `save` actor is a controllable fake; plus
 * hand-pinned transitions (each problem, problems cleared field by field, the body sent, the server's field
 * errors, "Enregistré" until the next change, the stored values after a save) and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createAccessRulesActors } from '../machines/accessRules/accessRules.actors';
import { accessRulesMachine, type AccessRulesEvent, type AccessRulesInput, type SavedAccessRules } from '../machines/accessRules/accessRules.machine';
import { selectAccessRulesView } from '../machines/accessRules/accessRules.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  visitedStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { walkPath } from './support/walkPaths';
import { createActorHarness } from './support/harness';

type RulesModelEvent = AccessRulesEvent | DoneActorEvent<'save', SavedAccessRules> | ErrorActorEvent<'save'>;
type RulesSnapshot = SnapshotFrom<typeof accessRulesMachine>;
type RulesPath = ModelPath<RulesSnapshot, RulesModelEvent>;
type RulesStep = ModelStep<RulesSnapshot, RulesModelEvent>;
type RulesState = 'editing' | 'saving' | 'saved';
type Text = { max_customers: string; access_duration_days: string; enrollment_ends_at: string; drip_frequency: '' | 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY' };

// ─── Fixtures ────────────────────────────────────────────────────────────────────────────────────

const unlimited = { max_customers: null, access_duration_days: null, enrollment_ends_at: null, drip_frequency: null } as const;
const limited = { max_customers: 25, access_duration_days: 365, enrollment_ends_at: null, drip_frequency: 'WEEKLY' } as const;
const emptyText: Text = { max_customers: '', access_duration_days: '', enrollment_ends_at: '', drip_frequency: '' };
const invalidField: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Données invalides', fieldErrors: { max_customers: ['Doit être inférieur à 100000'] } };
const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const change = (field: keyof Text, value: string) => ({ type: 'CHANGE', field, value }) as const;
const certificate = (value: boolean) => ({ type: 'SET_CERTIFICATE', value }) as const;
const SUBMIT = { type: 'SUBMIT' } as const;
const saved = (output: SavedAccessRules) => ({ type: 'xstate.done.actor.save', output }) as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.save', error }) as const;

/** The save answers what was sent (the server stores it as given). */
const answered = { ...limited, max_customers: 12, certificate_enabled: true };

const events = {
  // A whole number, zero (refused), too many days (refused); words and drips are pinned below.
  CHANGE: [change('max_customers', '12'), change('max_customers', '0'), change('access_duration_days', '3651')],
  SET_CERTIFICATE: [certificate(true)],
  SUBMIT: [SUBMIT],
  'xstate.done.actor.save': [saved(answered)],
  'xstate.error.actor.save': [failed(invalidField)],
} satisfies EventVariants<RulesModelEvent>;

// ─── Oracles: the spec's rules for each field, written again here ───────────────────────────────

const wholeOrEmpty = (text: string) => text.trim() === '' || (/^\d+$/.test(text.trim()) && Number(text) >= 1);
function problemsOf(text: Text) {
  const problems: Record<string, string> = {};
  if (!wholeOrEmpty(text.max_customers)) problems.max_customers = 'wholeNumber';
  if (!wholeOrEmpty(text.access_duration_days)) problems.access_duration_days = 'wholeNumber';
  else if (text.access_duration_days.trim() !== '' && Number(text.access_duration_days) > 3650) problems.access_duration_days = 'tooLong';
  return problems;
}
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const bodyOf = (text: Text, cert: boolean | null) => ({
  max_customers: numberOrNull(text.max_customers),
  access_duration_days: numberOrNull(text.access_duration_days),
  enrollment_ends_at: null,
  drip_frequency: text.drip_frequency === '' ? null : text.drip_frequency,
  ...(cert === null ? {} : { certificate_enabled: cert }),
});
const textOf = (rules: { max_customers: number | null; access_duration_days: number | null; drip_frequency: Text['drip_frequency'] | null }): Text => ({
  max_customers: rules.max_customers === null ? '' : String(rules.max_customers),
  access_duration_days: rules.access_duration_days === null ? '' : String(rules.access_duration_days),
  enrollment_ends_at: '',
  drip_frequency: rules.drip_frequency ?? '',
});

type Expected = { value: RulesState; context: RulesSnapshot['context'] };
function expectedAfter(from: RulesSnapshot | undefined, step: RulesStep, input: AccessRulesInput): Expected {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) {
    const text = textOf(input.rules);
    const cert = input.certificate ?? null;
    return { value: 'editing', context: { stored: text, text, certificate: cert, storedCertificate: cert, problems: {}, failure: null } as RulesSnapshot['context'] };
  }
  const value = from.value as RulesState;
  const context = { ...from.context };
  if (value === 'saving') {
    if (event.type === 'xstate.done.actor.save') {
      const cert = context.certificate === null ? null : event.output.certificate_enabled!;
      return { value: 'saved', context: { ...context, stored: textOf(event.output), text: textOf(event.output), storedCertificate: cert } };
    }
    if (event.type === 'xstate.error.actor.save') return { value: 'editing', context: { ...context, failure: event.error as Failure } };
    return { value, context };
  }
  if (event.type === 'CHANGE') return { value: 'editing', context: { ...context, text: { ...context.text, [event.field]: event.value }, problems: { ...context.problems, [event.field]: undefined } } };
  if (event.type === 'SET_CERTIFICATE') return { value: 'editing', context: { ...context, certificate: context.certificate === null ? null : event.value } };
  if (event.type === 'SUBMIT') {
    const problems = value === 'saved' ? {} : problemsOf(context.text);
    return Object.keys(problems).length ? { value, context: { ...context, problems } } : { value: 'saving', context: { ...context, problems: {}, failure: null } };
  }
  return { value, context };
}

function expectedSaves(from: RulesSnapshot | undefined, step: RulesStep) {
  if (step.event.type !== 'SUBMIT' || !from || from.matches('saving')) return [];
  if (from.matches('editing') && Object.keys(problemsOf(from.context.text)).length) return [];
  return [bodyOf(from.context.text, from.context.certificate)];
}

const fields = ['max_customers', 'access_duration_days', 'enrollment_ends_at', 'drip_frequency'] as const;
const expectedView = (s: RulesSnapshot) => ({
  text: s.context.text,
  certificate: s.context.certificate,
  isDirty: fields.some((f) => s.context.text[f] !== s.context.stored[f]) || s.context.certificate !== s.context.storedCertificate,
  isSaving: s.value === 'saving',
  isSaved: s.value === 'saved',
  problems: s.context.problems,
  failure: s.value === 'editing' ? s.context.failure : null,
});

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

const createRulesHarness = (input: AccessRulesInput) => createActorHarness<typeof accessRulesMachine, 'save'>(accessRulesMachine, { actors: ['save'], input });
type RulesHarness = ReturnType<typeof createRulesHarness>;
type Executor = (h: RulesHarness, step: RulesStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as AccessRulesEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  CHANGE: send,
  SET_CERTIFICATE: send,
  SUBMIT: send,
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<RulesModelEvent['type'] | InitEvent['type'], Executor>;

const variants = [
  { name: 'settings card (with the certificate)', input: { rules: unlimited, certificate: false } },
  { name: 'table row (no certificate)', input: { rules: limited } },
] as const satisfies ReadonlyArray<{ name: string; input: AccessRulesInput }>;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof accessRulesMachine, RulesModelEvent>(accessRulesMachine, { events, input: variant.input });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as RulesPath[]) };
});

const walk = (path: RulesPath, input: AccessRulesInput) =>
  walkPath(path, {
    harness: () => createRulesHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => h.inputs('save').length,
    check: ({ harness: h, step, from, actual, before: savesBefore, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectAccessRulesView(actual), where).toEqual(expectedView(actual));
      expect(h.inputs('save').slice(savesBefore), `${where}: save body`).toEqual(expectedSaves(from, step));
    },
  });

describe('access rules machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(accessRulesMachine)).toEqual(['save']);
    const explored = new Set(flattenEvents<RulesModelEvent>(events).map((e) => e.type));
    for (const t of accessRulesMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths cover every state, take every event type and show every problem', () => {
    const all = [...allLeafStates(accessRulesMachine)].sort();
    expect(all).toEqual(['editing', 'saved', 'saving']);
    for (const { paths, input } of generated) {
      const visited = new Set(paths.flatMap((path) => [...visitedStates(accessRulesMachine, path, input)]));
      expect([...visited].sort()).toEqual(all);
      const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
      for (const t of accessRulesMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
      const problems = new Set(paths.flatMap((p) => p.steps.flatMap((s) => Object.values(selectAccessRulesView(s.state).problems))));
      expect([...problems].filter(Boolean).sort()).toEqual(['tooLong', 'wholeNumber']);
      expect(paths.length, 'the model stays small enough to walk').toBeLessThan(500);
    }
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

describe('access rules machine: pinned transitions', () => {
  function started(input: AccessRulesInput = { rules: unlimited, certificate: false }) {
    const h = createRulesHarness(input);
    h.start();
    return h;
  }

  it('opens with the stored rules as text (empty = unlimited), nothing changed', () => {
    expect(selectAccessRulesView(started().snapshot())).toEqual({ text: emptyText, certificate: false, isDirty: false, isSaving: false, isSaved: false, problems: {}, failure: null });
    expect(selectAccessRulesView(started({ rules: limited }).snapshot())).toMatchObject({ text: { max_customers: '25', access_duration_days: '365', enrollment_ends_at: '', drip_frequency: 'WEEKLY' }, certificate: null });
  });

  it('wrong fields are flagged at SUBMIT without a call; typing in one clears its problem only', () => {
    const h = started();
    h.send(change('max_customers', '0'));
    h.send(change('access_duration_days', '4000'));
    h.send(SUBMIT);
    expect(h.snapshot().value).toBe('editing');
    expect(selectAccessRulesView(h.snapshot()).problems).toEqual({ max_customers: 'wholeNumber', access_duration_days: 'tooLong' });
    h.send(change('max_customers', '5'));
    expect(selectAccessRulesView(h.snapshot()).problems).toEqual({ max_customers: undefined, access_duration_days: 'tooLong' });
    expect(h.invocations).toEqual([]);
  });

  it('SUBMIT sends the parsed rules with the certificate; the answer becomes the stored values; "Enregistré" until the next change', async () => {
    const h = started();
    h.send(change('max_customers', ' 12 '));
    h.send(change('drip_frequency', 'MONTHLY'));
    h.send(certificate(true));
    expect(selectAccessRulesView(h.snapshot()).isDirty).toBe(true);
    h.send(SUBMIT);
    expect(h.inputs('save')).toEqual([{ max_customers: 12, access_duration_days: null, enrollment_ends_at: null, drip_frequency: 'MONTHLY', certificate_enabled: true }]);
    expect(selectAccessRulesView(h.snapshot()).isSaving).toBe(true);
    await h.settle('save', saved({ max_customers: 12, access_duration_days: null, enrollment_ends_at: null, drip_frequency: 'MONTHLY', certificate_enabled: true }));
    expect(selectAccessRulesView(h.snapshot())).toMatchObject({ isSaved: true, isDirty: false, failure: null });
    expect(selectAccessRulesView(h.snapshot()).text.max_customers).toBe('12');
    h.send(change('max_customers', '13'));
    expect(selectAccessRulesView(h.snapshot())).toMatchObject({ isSaved: false, isDirty: true });
  });

  it('a table row sends no certificate', async () => {
    const h = started({ rules: limited });
    h.send(change('max_customers', ''));
    h.send(SUBMIT);
    expect(h.inputs('save')).toEqual([{ max_customers: null, access_duration_days: 365, enrollment_ends_at: null, drip_frequency: 'WEEKLY' }]);
  });

  it('the end of enrolment is sent as an instant; a half-typed date is flagged', () => {
    const h = started();
    h.send(change('enrollment_ends_at', '2031-12-30T18:30'));
    h.send(SUBMIT);
    expect((h.inputs('save')[0] as { enrollment_ends_at: string }).enrollment_ends_at).toBe(new Date(2031, 11, 30, 18, 30).toISOString());
    const other = started();
    other.send(change('enrollment_ends_at', '2031-12'));
    other.send(SUBMIT);
    expect(selectAccessRulesView(other.snapshot()).problems).toEqual({ enrollment_ends_at: 'date' });
  });

  it("the server's refusal comes back to editing with its field errors; a retry clears it", async () => {
    const h = started();
    h.send(change('max_customers', '99999999'));
    h.send(SUBMIT);
    await h.settle('save', failed(invalidField));
    expect(selectAccessRulesView(h.snapshot())).toMatchObject({ isSaving: false, isSaved: false, failure: invalidField, isDirty: true });
    h.send(SUBMIT);
    expect(selectAccessRulesView(h.snapshot()).failure).toBeNull();
    await h.settle('save', failed(serverDown));
    expect(selectAccessRulesView(h.snapshot()).failure).toEqual(serverDown);
  });

  it('while saving, changes and SUBMIT are ignored (one call, the typing kept as sent)', () => {
    const h = started();
    h.send(change('max_customers', '3'));
    h.send(SUBMIT);
    for (const event of [change('max_customers', '4'), certificate(true), SUBMIT]) {
      expect(h.snapshot().can(event)).toBe(false);
      h.send(event);
    }
    expect(h.snapshot().context.text.max_customers).toBe('3');
    expect(h.inputs('save')).toHaveLength(1);
  });
});

describe('createAccessRulesActors', () => {
  it('forwards the body and the abort signal, and answers what the call answers', async () => {
    const calls: Array<{ body: unknown; signal: AbortSignal }> = [];
    const logic = createAccessRulesActors({ save: async (body, signal) => (calls.push({ body, signal }), answered) }).save;
    const { createActor } = await import('xstate');
    const actor = createActor(logic, { input: { ...limited } });
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual(answered);
    expect(calls).toEqual([{ body: { ...limited }, signal: expect.any(AbortSignal) }]);
  });

  it('a failure fails the actor with the same error; a stopped actor aborts the call and ignores its late failure', async () => {
    const { createActor } = await import('xstate');
    const failing = createActor(createAccessRulesActors({ save: () => Promise.reject(invalidField) }).save, { input: { ...limited } });
    const error = new Promise((resolve) => failing.subscribe({ error: resolve }));
    failing.start();
    expect(await error).toEqual(invalidField);
    let fail: (e: unknown) => void = () => {};
    let received: AbortSignal | undefined;
    const errors: unknown[] = [];
    const stopped = createActor(createAccessRulesActors({ save: (_, signal) => ((received = signal), new Promise((_, reject) => (fail = reject))) }).save, { input: { ...limited } });
    stopped.subscribe({ error: (e) => errors.push(e) });
    stopped.start();
    stopped.stop();
    expect(received?.aborted).toBe(true);
    fail(serverDown);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([]);
  });
});
