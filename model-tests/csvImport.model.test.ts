/**
 * Model-based tests of machines/csvImport (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, each walked against a REAL actor whose `importCustomers` actor is a controllable fake and
 * whose `imported` action is recorded; plus hand-pinned transitions (the file rules of spec section 9,
 * cancel, retry, reset) and the actor factory.
 *
 * A File serialises to "{}", so the files of the model carry a toJSON naming them: the graph then tells
 * PICK events and contexts with different files apart.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createCsvImportActors } from '../machines/csvImport/csvImport.actors';
import { csvImportMachine, type CsvImportEvent, type ImportReport } from '../machines/csvImport/csvImport.machine';
import { CSV_IMPORT_ACCEPT, MAX_IMPORT_BYTES } from '../machines/csvImport/csvImport.rules';
import { selectCsvImportView } from '../machines/csvImport/csvImport.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness, flush } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent = CsvImportEvent | DoneActorEvent<'importCustomers', ImportReport> | ErrorActorEvent<'importCustomers'>;
type Snapshot = SnapshotFrom<typeof csvImportMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;
type State = 'picking' | 'ready' | 'uploading' | 'report' | 'failed';

/** A File the graph can tell apart from others (xstate/graph keys states and events by JSON). */
const named = (file: File) => Object.assign(file, { toJSON: () => ({ name: file.name, type: file.type, size: file.size }) });

const csv = named(new File(['email,firstname,lastname\nana@exemple.fr,Ana,Martin\n'], 'apprenants.csv', { type: 'text/csv' }));
// Spreadsheet programs label CSV exports with Excel types; the name need not end in .csv then.
const excelTyped = named(new File(['email\nleo@exemple.fr\n'], 'export', { type: 'application/vnd.ms-excel' }));
const picture = named(new File(['\x89PNG'], 'photo.png', { type: 'image/png' }));
const tooBig = named(new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], 'enorme.csv', { type: 'text/csv' }));
const empty = named(new File([], 'vide.csv', { type: 'text/csv' }));

const report: ImportReport = { created_count: 2, enrolled_count: 3, skipped_count: 1, skipped: [{ line: 4, reason: 'Adresse e-mail invalide' }] };
const unreadable: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Le fichier doit contenir une colonne email.', fieldErrors: { file: ['Le fichier doit contenir une colonne email.'] } };
const offline: Failure = { status: null, code: 'NETWORK', message: 'Réseau indisponible', fieldErrors: {} };

const pick = (file: File) => ({ type: 'PICK', file }) as const;
const SUBMIT = { type: 'SUBMIT' } as const;
const CANCEL = { type: 'CANCEL' } as const;
const RESET = { type: 'RESET' } as const;
const done = (output: ImportReport) => ({ type: 'xstate.done.actor.importCustomers', output }) as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.importCustomers', error }) as const;

const events = {
  PICK: [pick(csv), pick(excelTyped), pick(picture), pick(tooBig)],
  SUBMIT: [SUBMIT],
  CANCEL: [CANCEL],
  RESET: [RESET],
  'xstate.done.actor.importCustomers': [done(report)],
  'xstate.error.actor.importCustomers': [failed(unreadable)],
} satisfies EventVariants<ModelEvent>;

// ─── Oracles (hand-written from the chart and spec section 9) ────────────────────────────────────

const ACCEPTED_TYPES = ['text/csv', 'text/comma-separated-values', 'application/csv', 'application/vnd.ms-excel'];
function problemOf(file: File) {
  if (!file.name.toLowerCase().endsWith('.csv') && !ACCEPTED_TYPES.includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  return file.size > 5 * 1024 * 1024 ? 'size' : null;
}

interface Expected {
  value: State;
  context: { file: File | null; problem: string | null; report: ImportReport | null; failure: Failure | null };
}

function expectedAfter(from: Snapshot | undefined, step: Step): Expected {
  const { event } = step;
  const blank = { file: null, problem: null, report: null, failure: null };
  if (event.type === 'xstate.init' || !from) return { value: 'picking', context: blank };
  const value = from.value as State;
  const context = { ...from.context };
  const onPick = (file: File, stay: State): Expected => {
    const problem = problemOf(file);
    return problem ? { value: 'picking', context: { ...context, file: null, problem, failure: null } } : { value: stay, context: { ...context, file, problem: null, failure: null } };
  };
  switch (value) {
    case 'picking':
      if (event.type === 'PICK') return onPick(event.file, 'ready');
      break;
    case 'ready':
      if (event.type === 'PICK') return onPick(event.file, 'ready');
      if (event.type === 'SUBMIT') return { value: 'uploading', context: { ...context, failure: null } };
      if (event.type === 'RESET') return { value: 'picking', context: blank };
      break;
    case 'uploading':
      if (event.type === 'xstate.done.actor.importCustomers') return { value: 'report', context: { ...context, report: event.output } };
      if (event.type === 'xstate.error.actor.importCustomers') return { value: 'failed', context: { ...context, failure: event.error as Failure } };
      if (event.type === 'CANCEL') return { value: 'ready', context };
      break;
    case 'report':
      if (event.type === 'RESET') return { value: 'picking', context: blank };
      break;
    case 'failed':
      if (event.type === 'PICK') return onPick(event.file, 'ready');
      if (event.type === 'SUBMIT') return { value: 'uploading', context: { ...context, failure: null } };
      if (event.type === 'RESET') return { value: 'picking', context: blank };
      break;
  }
  return { value, context };
}

function expectedView(s: Snapshot) {
  const value = s.value as State;
  return {
    isPicking: value === 'picking' || value === 'ready' || value === 'failed',
    canSubmit: value === 'ready' || value === 'failed',
    isUploading: value === 'uploading',
    fileName: s.context.file?.name ?? null,
    problem: s.context.problem,
    failure: value === 'failed' ? s.context.failure : null,
    report: value === 'report' ? s.context.report : null,
  };
}

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

function createHarness() {
  const imported: number[] = [];
  const harness = createActorHarness<typeof csvImportMachine, 'importCustomers'>(csvImportMachine, {
    actors: ['importCustomers'],
    actions: { imported: () => void imported.push(1) },
  });
  return Object.assign(harness, { imported });
}
type Harness = ReturnType<typeof createHarness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as CsvImportEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  PICK: send,
  SUBMIT: send,
  CANCEL: send,
  RESET: send,
  'xstate.done.actor.importCustomers': (h, { event }) => h.settle('importCustomers', event),
  'xstate.error.actor.importCustomers': (h, { event }) => h.settle('importCustomers', event),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof csvImportMachine, ModelEvent>(csvImportMachine, { events });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

const walk = (path: Path) =>
  walkPath(path, {
    harness: () => createHarness(),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ callsBefore: h.inputs('importCustomers').length, importedBefore: h.imported.length }),
    check: ({ harness: h, step, from, actual, before: { callsBefore, importedBefore }, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step));
      expect(selectCsvImportView(actual), where).toEqual(expectedView(actual));
      const uploads = step.event.type === 'SUBMIT' && (from?.matches('ready') || from?.matches('failed')) ? [{ file: from.context.file }] : [];
      expect(h.inputs('importCustomers').slice(callsBefore), `${where}: upload`).toEqual(uploads);
      expect(h.imported.length - importedBefore, `${where}: imported`).toBe(step.event.type === 'xstate.done.actor.importCustomers' ? 1 : 0);
    },
  });

describe('csv import machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(csvImportMachine)).toEqual(['importCustomers']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of csvImportMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state, take every event type and show every refusal the variants make', () => {
    const all = [...allLeafStates(csvImportMachine)].sort();
    expect(all).toEqual(['failed', 'picking', 'ready', 'report', 'uploading']);
    expectEveryStateCovered(csvImportMachine, [{ paths }]);
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of csvImportMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
    const problems = new Set(paths.flatMap((path) => path.steps.map((s) => s.state.context.problem)));
    expect([...problems].sort()).toEqual([null, 'size', 'type'].sort());
    const leaves = new Set(paths.flatMap((path) => path.steps.flatMap((s) => leafStates(s.state.value))));
    expect([...leaves].sort()).toEqual(all);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function started() {
  const h = createHarness();
  h.start();
  return h;
}

describe('csv import machine: pinned transitions', () => {
  it('the file rules of spec 9: .csv, text/csv, the Excel CSV type and comma-separated-values; not images, .xlsx workbooks, empty files or > 5 MB', () => {
    const accepted = [
      csv,
      excelTyped,
      new File(['email'], 'liste.CSV', { type: '' }),
      new File(['email'], 'liste.txt', { type: 'text/comma-separated-values' }),
      new File(['email'], 'liste', { type: 'text/csv; charset=utf-8' }),
      new File([new Uint8Array(MAX_IMPORT_BYTES)], 'pile.csv', { type: 'text/csv' }),
    ];
    for (const file of accepted) {
      const h = started();
      h.send(pick(file));
      expect(h.snapshot().value, file.name).toBe('ready');
      expect(selectCsvImportView(h.snapshot())).toMatchObject({ fileName: file.name, problem: null, canSubmit: true });
    }
    const workbook = new File(['PK'], 'classeur.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    for (const [file, problem] of [[picture, 'type'], [new File(['x'], 'notes.txt', { type: 'text/plain' }), 'type'], [workbook, 'type'], [empty, 'empty'], [tooBig, 'size']] as const) {
      const h = started();
      h.send(pick(file));
      expect(h.snapshot().value, file.name).toBe('picking');
      expect(selectCsvImportView(h.snapshot())).toMatchObject({ fileName: null, problem, canSubmit: false });
    }
    expect(CSV_IMPORT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.csv', 'text/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']));
  });

  it('a refused pick after a good one drops the good file (nothing stale is uploaded)', () => {
    const h = started();
    h.send(pick(csv));
    h.send(pick(picture));
    expect(h.snapshot().value).toBe('picking');
    expect(h.snapshot().context.file).toBeNull();
    expect(h.snapshot().can(SUBMIT)).toBe(false);
  });

  it('upload → report: the file is sent once, the list is refreshed once, RESET starts over', async () => {
    const h = started();
    h.send(pick(csv));
    h.send(SUBMIT);
    expect(selectCsvImportView(h.snapshot())).toMatchObject({ isUploading: true, isPicking: false, canSubmit: false });
    expect(h.snapshot().can(SUBMIT)).toBe(false);
    expect(h.snapshot().can(pick(excelTyped))).toBe(false);
    expect(h.inputs('importCustomers')).toEqual([{ file: csv }]);
    await h.settle('importCustomers', done(report));
    expect(selectCsvImportView(h.snapshot()).report).toEqual(report);
    expect(h.imported).toHaveLength(1);
    expect(h.snapshot().can(SUBMIT)).toBe(false);
    h.send(RESET);
    expect(h.snapshot().value).toBe('picking');
    expect(h.snapshot().context).toEqual({ file: null, problem: null, report: null, failure: null });
  });

  it('failure keeps the file: SUBMIT retries the same file, the failure is cleared meanwhile', async () => {
    const h = started();
    h.send(pick(csv));
    h.send(SUBMIT);
    await h.settle('importCustomers', failed(offline));
    expect(selectCsvImportView(h.snapshot())).toMatchObject({ failure: offline, fileName: 'apprenants.csv', canSubmit: true });
    expect(h.imported).toHaveLength(0);
    h.send(SUBMIT);
    expect(h.snapshot().context.failure).toBeNull();
    await h.settle('importCustomers', done(report));
    expect(h.inputs('importCustomers')).toEqual([{ file: csv }, { file: csv }]);
    expect(h.snapshot().value).toBe('report');
  });

  it('CANCEL aborts the upload and keeps the file chosen; a late answer changes nothing', async () => {
    const h = started();
    h.send(pick(csv));
    h.send(SUBMIT);
    const signal = h.signals.get('importCustomers');
    h.send(CANCEL);
    expect(signal?.aborted).toBe(true);
    expect(h.aborted).toEqual(['importCustomers']);
    expect(h.snapshot().value).toBe('ready');
    expect(selectCsvImportView(h.snapshot()).fileName).toBe('apprenants.csv');
    expect(h.imported).toHaveLength(0);
  });

  it('RESET is refused while uploading (the dialog cannot be reset mid-call)', () => {
    const h = started();
    h.send(pick(csv));
    h.send(SUBMIT);
    expect(h.snapshot().can(RESET)).toBe(false);
  });
});

// ─── The actor factory ───────────────────────────────────────────────────────────────────────────

describe('createCsvImportActors', () => {
  const run = (importCustomers: (file: File, signal: AbortSignal) => Promise<ImportReport>) =>
    createActor(createCsvImportActors({ importCustomers }).importCustomers, { input: { file: csv } });

  it('forwards the file and the abort signal, and answers the report', async () => {
    const calls: Array<{ file: File; signal: AbortSignal }> = [];
    const actor = run(async (file, signal) => (calls.push({ file, signal }), report));
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual(report);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.file).toBe(csv);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('a failure of the call fails the actor with the same error', async () => {
    const actor = run(() => Promise.reject(unreadable));
    const error = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await error).toEqual(unreadable);
  });

  it('a stopped actor aborts the call and ignores its late failure', async () => {
    let received: AbortSignal | undefined;
    let fail: (error: unknown) => void = () => {};
    const errors: unknown[] = [];
    const actor = run((_, signal) => ((received = signal), new Promise<ImportReport>((_, reject) => (fail = reject))));
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.stop();
    expect(received?.aborted).toBe(true);
    fail(offline);
    await flush();
    expect(errors).toEqual([]);
  });
});
