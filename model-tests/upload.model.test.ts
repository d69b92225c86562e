/**
 * Model-based tests of machines/upload (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition for three inputs (an image on PRO: presigned; a SCORM zip on EXPERT: sent as a form; an
 * assignment file on PERCENT: refused by plan), each walked against a REAL actor whose `presign` is a
 * controllable fake and whose `transfer` is a recording fake (its PROGRESS / UPLOADED / UPLOAD_FAILED are
 * sent by the test, as the real one sends them back); plus hand-pinned transitions and the actor factory.
 *
 * Paths are generated over the full snapshot (value + context): the few SELECT variants keep it small.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createUploadActors, type UploadApi } from '../machines/upload/upload.actors';
import { SCORM_MAX_SIZE } from '../machines/upload/upload.limits';
import {
  fileProblem,
  uploadMachine,
  type PresignInput,
  type TransferInput,
  type UploadEvent,
  type UploadFile,
  type UploadInput,
  type UploadTarget,
} from '../machines/upload/upload.machine';
import { selectUploadView } from '../machines/upload/upload.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness, flush } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type UploadModelEvent = UploadEvent | DoneActorEvent<'presign', UploadTarget> | ErrorActorEvent<'presign'>;
type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
type UploadPath = ModelPath<UploadSnapshot, UploadModelEvent>;
type UploadStep = ModelStep<UploadSnapshot, UploadModelEvent>;
type State = 'idle' | 'preparing' | 'uploading' | 'done' | 'failed';

const MiB = 1024 * 1024;
const serverDown: Failure = { status: 500, code: 'INTERNAL_ERROR', message: 'Erreur interne', fieldErrors: {} };
const offline: Failure = { status: null, code: 'NETWORK', message: 'Réseau indisponible', fieldErrors: {} };
const tooBigForServer: Failure = { status: 413, code: 'VALIDATION_FAILED', message: 'Trop volumineux', fieldErrors: { file: ['Trop volumineux'] } };

const file = (name: string, size: number, type: string): UploadFile => ({ name, size, type });
const photo = file('photo.png', 200_000, 'image/png');
const hugePhoto = file('grande.jpg', 5 * MiB + 1, 'image/jpeg');
const vector = file('logo.svg', 2_000, 'image/svg+xml');
const emptyFile = file('vide.png', 0, 'image/png');
const packageZip = file('module.zip', 3 * MiB, '');
const select = (f: UploadFile) => ({ type: 'SELECT', file: f }) as const;
const target: UploadTarget = { url: 'https://app.test/api/v1/uploads/u?expires=1&signature=s', method: 'PUT', headers: { 'Content-Type': 'image/png' }, fileUrl: 'https://app.test/api/v1/files/a/photo.png' };
const scormItem = { id: 42, type: 'SCORM' };
const presigned = { type: 'xstate.done.actor.presign', output: target } as const;
const presignFailed = { type: 'xstate.error.actor.presign', error: serverDown } as const;
const CANCEL = { type: 'CANCEL' } as const;
const RETRY = { type: 'RETRY' } as const;
const RESET = { type: 'RESET' } as const;
const progress = { type: 'PROGRESS', loaded: 50_000, total: 200_000 } as const;
const uploaded = { type: 'UPLOADED', result: scormItem } as const;
const uploadFailed = { type: 'UPLOAD_FAILED', failure: tooBigForServer } as const;

const eventsFor = (files: UploadFile[]) =>
  ({
    SELECT: files.map(select),
    CANCEL: [CANCEL],
    RETRY: [RETRY],
    RESET: [RESET],
    PROGRESS: [progress],
    UPLOADED: [uploaded],
    UPLOAD_FAILED: [uploadFailed],
    'xstate.done.actor.presign': [presigned],
    'xstate.error.actor.presign': [presignFailed],
  }) satisfies EventVariants<UploadModelEvent>;

/** What `transfer` sends back can only come while it runs. */
const fromTransferOnly = (snapshot: UploadSnapshot, event: UploadModelEvent) =>
  !['PROGRESS', 'UPLOADED', 'UPLOAD_FAILED'].includes(event.type) || 'transfer' in snapshot.children;

// ─── Oracles (hand-written from the chart and the limits of spec 9) ──────────────────────────────

const LIMITS: Record<string, number | null> = { 'IMAGE/PRO': 5 * MiB, 'SCORM/EXPERT': 512 * MiB, 'ASSIGNMENT/PERCENT': null };
const ACCEPTED: Record<string, (f: UploadFile) => boolean> = {
  IMAGE: (f) => ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'].includes(f.type),
  SCORM: (f) => f.name.endsWith('.zip'),
  ASSIGNMENT: () => true,
};
function problemOf(f: UploadFile, input: UploadInput) {
  const limit = LIMITS[`${input.kind}/${input.plan}`];
  if (limit === null || limit === undefined) return 'plan';
  if (f.size === 0) return 'empty';
  if (!ACCEPTED[input.kind]!(f)) return 'type';
  return f.size > limit ? 'tooLarge' : null;
}

function expectedAfter(from: UploadSnapshot | undefined, step: UploadStep, input: UploadInput) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) {
    return { value: 'idle', context: { kind: input.kind, plan: input.plan, file: null, problem: null, target: null, loaded: 0, total: 0, result: null, failure: null } };
  }
  const value = from.value as State;
  const context = { ...from.context };
  const presignedKind = input.kind !== 'SCORM';
  const start = (f: UploadFile) =>
    presignedKind
      ? { value: 'preparing', context: { ...context, file: f, problem: null, result: null, failure: null, target: null, loaded: 0, total: 0 } }
      : { value: 'uploading', context: { ...context, file: f, problem: null, result: null, failure: null, loaded: 0, total: 0 } };
  if (event.type === 'SELECT' && ['idle', 'done', 'failed'].includes(value)) {
    const problem = problemOf(event.file, input);
    return problem ? { value: 'idle', context: { ...context, file: null, problem } } : start(event.file);
  }
  switch (value) {
    case 'idle':
      if (event.type === 'RESET') return { value, context: { ...context, problem: null } };
      break;
    case 'preparing':
      if (event.type === 'xstate.done.actor.presign') return { value: 'uploading', context: { ...context, target: event.output, failure: null, loaded: 0, total: 0 } };
      if (event.type === 'xstate.error.actor.presign') return { value: 'failed', context: { ...context, failure: event.error as Failure } };
      if (event.type === 'CANCEL') return { value: 'idle', context: { ...context, file: null } };
      break;
    case 'uploading':
      if (event.type === 'PROGRESS') return { value, context: { ...context, loaded: event.loaded, total: event.total } };
      if (event.type === 'UPLOADED') return { value: 'done', context: { ...context, result: context.target ? context.target.fileUrl : event.result, loaded: context.total } };
      if (event.type === 'UPLOAD_FAILED') return { value: 'failed', context: { ...context, failure: event.failure } };
      if (event.type === 'CANCEL') return { value: 'idle', context: { ...context, file: null, target: null } };
      break;
    case 'done':
      if (event.type === 'RESET') return { value: 'idle', context: { ...context, file: null, target: null, result: null } };
      break;
    case 'failed':
      if (event.type === 'RETRY') return presignedKind ? { value: 'preparing', context: { ...context, failure: null, target: null, loaded: 0, total: 0 } } : { value: 'uploading', context: { ...context, failure: null, loaded: 0, total: 0 } };
      if (event.type === 'RESET' || event.type === 'CANCEL') return { value: 'idle', context: { ...context, file: null, target: null, failure: null } };
      break;
  }
  return { value, context };
}

function expectedView(snapshot: UploadSnapshot, input: UploadInput) {
  const state = snapshot.value as State;
  const { context } = snapshot;
  const busy = state === 'preparing' || state === 'uploading';
  return {
    status: state,
    isBusy: busy,
    canCancel: busy,
    canRetry: state === 'failed' && (context.failure?.status === null || (context.failure?.status ?? 0) >= 500),
    fileName: context.file?.name ?? null,
    fileSize: context.file?.size ?? null,
    progress: state === 'done' ? 1 : state === 'uploading' && context.total > 0 ? context.loaded / context.total : null,
    problem: state === 'idle' ? context.problem : null,
    failure: state === 'failed' ? context.failure : null,
    maxSize: LIMITS[`${input.kind}/${input.plan}`],
    result: state === 'done' ? context.result : null,
  };
}

// ─── Harness: a real actor, `presign` settled by the test, `transfer` recorded ───────────────────

function createUploadHarness(input: UploadInput) {
  const transfers: TransferInput[] = [];
  let stopped = 0;
  const results: unknown[] = [];
  const machine = uploadMachine.provide({
    actors: {
      transfer: fromCallback<EventObject, TransferInput>(({ input: transferInput }) => {
        transfers.push(transferInput);
        return () => (stopped += 1);
      }),
    },
    actions: { uploaded: (_, params) => results.push(params.result) },
  });
  const harness = createActorHarness<typeof machine, 'presign'>(machine, { actors: ['presign'], input });
  return Object.assign(harness, { transfers, results, stopped: () => stopped });
}
type UploadHarness = ReturnType<typeof createUploadHarness>;

type Executor = (harness: UploadHarness, step: UploadStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as UploadEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  SELECT: send,
  CANCEL: send,
  RETRY: send,
  RESET: send,
  PROGRESS: send,
  UPLOADED: send,
  UPLOAD_FAILED: send,
  'xstate.done.actor.presign': (h, { event }) => h.settle('presign', event),
  'xstate.error.actor.presign': (h, { event }) => h.settle('presign', event),
} satisfies Record<UploadModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const variants = [
  { name: 'image on PRO (presigned)', input: { kind: 'IMAGE', plan: 'PRO' }, files: [photo, hugePhoto, vector, emptyFile] },
  { name: 'SCORM on EXPERT (form)', input: { kind: 'SCORM', plan: 'EXPERT' }, files: [packageZip, photo, file('enorme.zip', SCORM_MAX_SIZE + 1, 'application/zip')] },
  { name: 'assignment on PERCENT (no such uploads)', input: { kind: 'ASSIGNMENT', plan: 'PERCENT' }, files: [photo] },
] as const satisfies ReadonlyArray<{ name: string; input: UploadInput; files: UploadFile[] }>;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof uploadMachine, UploadModelEvent>(uploadMachine, {
    events: eventsFor([...variant.files]),
    input: variant.input,
    filterEvents: fromTransferOnly,
  });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as UploadPath[]) };
});

const walk = (path: UploadPath, input: UploadInput) =>
  walkPath(path, {
    harness: () => createUploadHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ presigns: h.inputs('presign').length, transfers: h.transfers.length, stopped: h.stopped(), results: h.results.length, aborted: h.aborted.length }),
    check: ({ harness: h, step, from, actual, before, where }) => {
      expect(actual.status, where).toBe('active');
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectUploadView(actual), where).toEqual(expectedView(actual, input));

      const was = from?.value as State | undefined;
      const now = actual.value as State;
      const entered = (state: State) => now === state && was !== state;
      const f = actual.context.file;
      expect(h.inputs('presign').slice(before.presigns), `${where}: presign`).toEqual(entered('preparing') ? [{ type: input.kind, file: f, contentType: f!.type || 'application/zip' }] : []);
      expect(h.transfers.slice(before.transfers), `${where}: transfer started`).toEqual(entered('uploading') ? [{ file: f, target: actual.context.target }] : []);
      expect(h.stopped() - before.stopped, `${where}: transfer stopped`).toBe(was === 'uploading' && now !== 'uploading' ? 1 : 0);
      expect(h.aborted.length - before.aborted, `${where}: presign aborted`).toBe(was === 'preparing' && step.event.type === 'CANCEL' ? 1 : 0);
      expect(h.results.slice(before.results), `${where}: uploaded`).toEqual(now === 'done' && was !== 'done' ? [actual.context.result] : []);
    },
  });

describe('upload machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(uploadMachine).sort()).toEqual(['presign', 'transfer']);
    const explored = new Set(flattenEvents(eventsFor([photo])).map((e) => e.type));
    for (const type of uploadMachine.events) if (!type.startsWith('xstate.done.actor.transfer') && !type.startsWith('xstate.error.actor.transfer')) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (all variants together) cover every state of the machine definition', () => {
    const all = [...allLeafStates(uploadMachine)].sort();
    expect(all).toEqual(['done', 'failed', 'idle', 'preparing', 'uploading']);
    expectEveryStateCovered(uploadMachine, generated);
  });

  it('paths show every refusal, progress, a failure of each step, and both results', () => {
    const steps = generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps));
    const problems = new Set(steps.map((s) => selectUploadView(s.state).problem));
    expect([...problems].sort()).toEqual(['empty', 'plan', 'tooLarge', 'type', null].sort());
    expect(steps.some((s) => selectUploadView(s.state).progress === 0.25)).toBe(true);
    const failures = new Set(steps.map((s) => selectUploadView(s.state).failure));
    expect(failures).toEqual(new Set([null, serverDown, tooBigForServer]));
    const results = new Set(steps.map((s) => selectUploadView(s.state).result));
    expect(results).toEqual(new Set([null, target.fileUrl, scormItem]));
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function started(input: UploadInput = { kind: 'IMAGE', plan: 'PRO' }) {
  const h = createUploadHarness(input);
  h.start();
  return h;
}

describe('upload machine: pinned transitions', () => {
  it('an image: presign with the file and its type, PUT to the target with progress, done with the file address', async () => {
    const h = started();
    h.send(select(photo));
    expect(h.inputs('presign')).toEqual([{ type: 'IMAGE', file: photo, contentType: 'image/png' }]);
    expect(selectUploadView(h.snapshot())).toMatchObject({ status: 'preparing', isBusy: true, progress: null, fileName: 'photo.png' });
    await h.settle('presign', presigned);
    expect(h.transfers).toEqual([{ file: photo, target }]);
    expect(selectUploadView(h.snapshot()).progress).toBeNull();
    h.send({ type: 'PROGRESS', loaded: 150_000, total: 200_000 });
    expect(selectUploadView(h.snapshot()).progress).toBe(0.75);
    h.send({ type: 'UPLOADED', result: undefined });
    expect(selectUploadView(h.snapshot())).toMatchObject({ status: 'done', progress: 1, result: target.fileUrl, isBusy: false });
    expect(h.results).toEqual([target.fileUrl]);
  });

  it('a file without a type is judged by its name', () => {
    expect(fileProblem(file('photo.JPG', 10, ''), 'IMAGE', 'PRO')).toBeNull();
    expect(fileProblem(file('notes.txt', 10, ''), 'IMAGE', 'PRO')).toBe('type');
    expect(fileProblem(file('notes.txt', 10, ''), 'RESOURCE', 'PERCENT')).toBeNull();
  });

  it('the limits of spec 9 by plan: 512 MiB of video on PERCENT, 1 GiB on PRO; assignments 30720/61440 KiB', () => {
    const video = (size: number) => file('cours.mp4', size, 'video/mp4');
    expect(fileProblem(video(512 * MiB + 1), 'VIDEO', 'PERCENT')).toBe('tooLarge');
    expect(fileProblem(video(512 * MiB + 1), 'VIDEO', 'PRO')).toBeNull();
    expect(fileProblem(video(1024 * MiB + 1), 'VIDEO', 'EXPERT')).toBe('tooLarge');
    const homework = (size: number) => file('devoir.pdf', size, 'application/pdf');
    expect(fileProblem(homework(30720 * 1024), 'ASSIGNMENT', 'PRO')).toBeNull();
    expect(fileProblem(homework(30720 * 1024 + 1), 'ASSIGNMENT', 'PRO')).toBe('tooLarge');
    expect(fileProblem(homework(61440 * 1024), 'ASSIGNMENT', 'EXPERT')).toBeNull();
    expect(fileProblem(homework(1), 'ASSIGNMENT', 'PERK')).toBe('plan');
  });

  it('CANCEL while uploading stops the transfer (the request is aborted) and forgets the file', async () => {
    const h = started();
    h.send(select(photo));
    await h.settle('presign', presigned);
    h.send(progress);
    h.send(CANCEL);
    expect(h.stopped()).toBe(1);
    expect(selectUploadView(h.snapshot())).toMatchObject({ status: 'idle', fileName: null, progress: null, problem: null });
    // A late answer of the stopped transfer changes nothing.
    h.send(uploaded);
    expect(h.snapshot().value).toBe('idle');
    expect(h.results).toEqual([]);
  });

  it('RETRY after a failed PUT asks a fresh address; after a failed SCORM form sends it again', async () => {
    const h = started();
    h.send(select(photo));
    await h.settle('presign', presigned);
    h.send(uploadFailed);
    expect(selectUploadView(h.snapshot())).toMatchObject({ status: 'failed', canRetry: false, failure: tooBigForServer });
    h.send(RETRY);
    expect(h.inputs('presign')).toHaveLength(2);
    expect(h.snapshot().context.failure).toBeNull();

    const scorm = started({ kind: 'SCORM', plan: 'EXPERT' });
    scorm.send(select(packageZip));
    expect(scorm.transfers).toEqual([{ file: packageZip, target: null }]);
    scorm.send(uploadFailed);
    scorm.send(RETRY);
    expect(scorm.transfers).toEqual([{ file: packageZip, target: null }, { file: packageZip, target: null }]);
    scorm.send(uploaded);
    expect(scorm.results).toEqual([scormItem]);
    expect(scorm.invocations).toEqual([]);
  });

  it('SELECT is ignored while busy, and replaces the file once done', async () => {
    const h = started();
    h.send(select(photo));
    expect(h.snapshot().can(select(vector))).toBe(false);
    await h.settle('presign', presigned);
    h.send(select(file('autre.png', 10, 'image/png')));
    expect(h.snapshot().context.file).toEqual(photo);
    h.send(uploaded);
    h.send(select(file('autre.png', 10, 'image/png')));
    expect(selectUploadView(h.snapshot())).toMatchObject({ status: 'preparing', fileName: 'autre.png', result: null });
  });

  it('the events are SELECT, CANCEL, RETRY, RESET and what the actors answer', () => {
    expect([...uploadMachine.events].sort()).toEqual(
      ['CANCEL', 'PROGRESS', 'RESET', 'RETRY', 'SELECT', 'UPLOADED', 'UPLOAD_FAILED', 'xstate.done.actor.presign', 'xstate.error.actor.presign'].sort(),
    );
  });
});

// ─── The actor factory ──────────────────────────────────────────────────────────────────────────

describe('createUploadActors', () => {
  const presignInput: PresignInput = { type: 'IMAGE', file: photo, contentType: 'image/png' };
  const noPut: UploadApi['put'] = async () => {};

  it('presign forwards the file and the abort signal, and answers the target', async () => {
    const calls: Array<{ input: PresignInput; signal: AbortSignal }> = [];
    const actor = createActor(createUploadActors({ presign: async (input, signal) => (calls.push({ input, signal }), target), put: noPut }).presign, { input: presignInput });
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual(target);
    expect(calls).toEqual([{ input: presignInput, signal: expect.any(AbortSignal) }]);
  });

  it('a failed presign fails the actor with the same error; a stopped one aborts and ignores it', async () => {
    const failing = createActor(createUploadActors({ presign: () => Promise.reject(serverDown), put: noPut }).presign, { input: presignInput });
    const error = new Promise((resolve) => failing.subscribe({ error: resolve }));
    failing.start();
    expect(await error).toEqual(serverDown);

    let received: AbortSignal | undefined;
    let fail: (error: unknown) => void = () => {};
    const errors: unknown[] = [];
    const stopped = createActor(
      createUploadActors({ presign: (_, signal) => ((received = signal), new Promise<UploadTarget>((_, reject) => (fail = reject))), put: noPut }).presign,
      { input: presignInput },
    );
    stopped.subscribe({ error: (e) => errors.push(e) });
    stopped.start();
    stopped.stop();
    expect(received?.aborted).toBe(true);
    fail(offline);
    await flush();
    expect(errors).toEqual([]);
  });

  /** A parent that invokes the real `transfer` until STOP, and keeps what it sends back (also after). */
  function runTransfer(api: Partial<UploadApi>, input: TransferInput) {
    const received: EventObject[] = [];
    const parent = setup({
      actors: { transfer: createUploadActors({ presign: async () => target, put: noPut, ...api }).transfer },
    }).createMachine({
      initial: 'running',
      states: { running: { invoke: { src: 'transfer', input }, on: { STOP: 'stopped' } }, stopped: {} },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(parent);
    actor.start();
    return { actor, received };
  }

  it('transfer PUTs to the target, reports progress, then UPLOADED', async () => {
    const calls: unknown[] = [];
    const { received } = runTransfer(
      {
        put: async (t, f, onProgress, signal) => {
          calls.push({ t, f, signal: signal instanceof AbortSignal });
          onProgress(10, 100);
          onProgress(100, 100);
        },
      },
      { file: photo, target },
    );
    await flush();
    expect(calls).toEqual([{ t: target, f: photo, signal: true }]);
    expect(received).toEqual([{ type: 'PROGRESS', loaded: 10, total: 100 }, { type: 'PROGRESS', loaded: 100, total: 100 }, { type: 'UPLOADED', result: undefined }]);
  });

  it('transfer without a target posts the form and answers its result; a failure is UPLOAD_FAILED', async () => {
    const ok = runTransfer({ postForm: async (_f, onProgress) => (onProgress(1, 2), scormItem) }, { file: packageZip, target: null });
    await flush();
    expect(ok.received).toEqual([{ type: 'PROGRESS', loaded: 1, total: 2 }, { type: 'UPLOADED', result: scormItem }]);
    const ko = runTransfer({ postForm: () => Promise.reject(serverDown) }, { file: packageZip, target: null });
    await flush();
    expect(ko.received).toEqual([{ type: 'UPLOAD_FAILED', failure: serverDown }]);
  });

  it('a stopped transfer aborts its request and reports nothing more', async () => {
    let signal: AbortSignal | undefined;
    let progress: (loaded: number, total: number) => void = () => {};
    let finish: () => void = () => {};
    const { actor, received } = runTransfer(
      { put: (_t, _f, onProgress, s) => ((signal = s), (progress = onProgress), new Promise<void>((resolve) => (finish = resolve))) },
      { file: photo, target },
    );
    actor.send({ type: 'STOP' });
    expect(signal?.aborted).toBe(true);
    progress(5, 10);
    finish();
    await flush();
    expect(received).toEqual([]);
  });
});
