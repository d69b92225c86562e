// The drag-reorder round trip of a big outline: a training with 500 items in 25 sections, then ~200 moves
// of one item across sections, each sent as the whole outline (PUT …/training_items/reordering, as the
// optimistic-reorder machine does) and timed until the new outline is read back. Called by run.ts.
// The outline helpers are also used by the API tests (tests/api/trainingItemsReorder.test.ts).

export interface OutlineNode {
  id: number;
  type: string;
  parent_id: number | null;
  position: number;
  children: OutlineNode[];
}

export interface OutlineEntry {
  id: number;
  parent_id: number | null;
  position: number;
}

/** The reorder body for an outline as it stands: every item with its parent and position. */
export function outlineEntries(outline: readonly OutlineNode[]): OutlineEntry[] {
  return outline.flatMap((node, i) => [
    { id: node.id, parent_id: null, position: i },
    ...node.children.map((child, j) => ({ id: child.id, parent_id: node.id, position: j })),
  ]);
}

/**
 * The outline after dragging `itemId` into section `toSectionId` at `index` (counted after removal, as
 * sortablejs reports it), renumbered 0..n-1 in both sections: what the client sends after a drop.
 */
export function moveIntoSection(outline: readonly OutlineNode[], itemId: number, toSectionId: number, index: number): OutlineNode[] {
  const moving = outline.flatMap((s) => s.children).find((child) => child.id === itemId);
  if (!moving) throw new Error(`item ${itemId} is not in a section`);
  const renumber = (children: OutlineNode[], parentId: number) => children.map((c, position) => ({ ...c, parent_id: parentId, position }));
  return outline.map((section) => {
    let children = section.children.filter((child) => child.id !== itemId);
    if (section.id === toSectionId) children = [...children.slice(0, index), moving, ...children.slice(index)];
    return { ...section, children: renumber(children, section.id) };
  });
}

export const SECTIONS = 25;
export const ITEMS_PER_SECTION = 20;
const ROUNDS = 200;

type Send = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * Creates a training holding 25 sections of 20 items (lessons, videos and quizzes: open to every plan): one
 * section is built item by item, the 24 others are duplicates of it (one request each instead of 21).
 */
export async function buildBigTraining(send: Send, sections = SECTIONS, perSection = ITEMS_PER_SECTION): Promise<string> {
  const expect201 = (answer: { status: number; body: unknown }, what: string) => {
    if (answer.status !== 201) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number; uuid: string };
  };
  const { uuid } = expect201(await send('POST', '/trainings', { name: `Formation de ${sections * perSection} éléments` }), 'createTraining');
  const itemsPath = `/trainings/${uuid}/training_items`;
  const { id: sectionId } = expect201(await send('POST', itemsPath, { type: 'SECTION', name: 'Chapitre' }), 'createTrainingItem');
  const types = ['GENERIC', 'VIDEO', 'QUIZ'];
  for (let i = 0; i < perSection; i++) {
    expect201(await send('POST', itemsPath, { type: types[i % types.length], name: `Leçon ${i + 1}`, parent_id: sectionId }), 'createTrainingItem');
  }
  for (let s = 1; s < sections; s++) expect201(await send('POST', `${itemsPath}/${sectionId}/duplication`), 'duplicateTrainingItem');
  return uuid;
}

/** A deterministic sequence of moves (no Math.random: runs compare with each other). */
function* moves(rounds: number) {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  for (let round = 0; round < rounds; round++) yield { from: next(SECTIONS), to: next(SECTIONS), index: next(ITEMS_PER_SECTION) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Logs in as the demo owner, builds the training, times the reorders; answers the figures for the bench table. */
export async function benchItemsReorder(base: string) {
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const send: Send = async (method, path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  const uuid = await buildBigTraining(send);
  let outline = ((await send('GET', `/trainings/${uuid}/training_items`)).body as { data: OutlineNode[] }).data;
  const times: number[] = [];
  for (const move of moves(ROUNDS)) {
    const from = outline[move.from]!;
    const item = from.children[move.from % from.children.length] ?? from.children[0];
    if (!item) continue;
    const next = moveIntoSection(outline, item.id, outline[move.to]!.id, Math.min(move.index, outline[move.to]!.children.length));
    const startedAt = performance.now();
    const answer = await send('PUT', `/trainings/${uuid}/training_items/reordering`, { items: outlineEntries(next) });
    times.push(performance.now() - startedAt);
    if (answer.status !== 200) throw new Error(`reorderTrainingItems answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    outline = (answer.body as { data: OutlineNode[] }).data;
  }
  times.sort((a, b) => a - b);
  return {
    items_reorder_outline_size: outline.reduce((n, section) => n + 1 + section.children.length, 0),
    items_reorder_rounds: times.length,
    items_reorder_p50_ms: Math.round(percentile(times, 50) * 10) / 10,
    items_reorder_p95_ms: Math.round(percentile(times, 95) * 10) / 10,
  };
}
