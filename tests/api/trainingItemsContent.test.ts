import { beforeAll, describe, expect, it } from 'vitest';
import { goodPackage } from '../unit/upload/scormZips';
import { baseUrl, login } from './client';
import { addItem, demoTokens, getItem, newTraining, percentOwner, updateItem } from './trainingItemsSupport';

/** Lesson content as blocks, versions and 409, unlock blockers, publishing: updateTrainingItem (issue #10). */

let demo: Awaited<ReturnType<typeof demoTokens>>;
let training: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  demo = await demoTokens();
  training = await newTraining(demo.owner, 'Formation blocs');
  const section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
  ids.SECTION = section;
  for (const type of ['QUIZ', 'TASKS', 'ASSIGNMENT', 'GENERIC', 'VIDEO']) ids[type] = await addItem(demo.owner, training, { type, name: type, parent_id: section });
});

/** One valid block of every known type. */
const EVERY_TYPE = [
  { id: 'b1', type: 'text', data: { html: '<p>Bonjour <strong>à</strong> <s>tous</s> <u>et</u> <code>x</code></p><table><tbody><tr><td colspan="2">a</td></tr></tbody></table><hr />' } },
  { id: 'b2', type: 'heading', data: { text: 'Titre', level: 3 } },
  { id: 'b3', type: 'image', data: { url: 'https://cdn.example.test/a.png', alt: 'Un gâteau', caption: 'Légende', banner: true, width: 728, height: 200 } },
  { id: 'b4', type: 'video', data: { source: 'upload', url: 'https://cdn.example.test/v.mp4', duration: 61 } },
  { id: 'b5', type: 'audio', data: { source: 'url', url: 'https://cdn.example.test/a.mp3', duration: null } },
  { id: 'b6', type: 'pdf', data: { url: 'https://cdn.example.test/guide.pdf', name: 'Guide', size: 1024 } },
  { id: 'b7', type: 'embed', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', provider: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', title: null, height: null } },
  { id: 'b8', type: 'code', data: { language: 'typescript', code: 'const a = "<script>";' } },
  { id: 'b9', type: 'quote', data: { text: 'Le savoir est une arme.', author: 'Moi' } },
  { id: 'b10', type: 'markdown', data: { markdown: '# Titre\n\n**gras** et 2 < 3' } },
  { id: 'b11', type: 'timeline', data: { entries: [{ timecode: '00:00', label: 'Début' }, { timecode: '12:30', label: 'Milieu' }, { timecode: '1:02:03', label: 'Fin' }] } },
  { id: 'b12', type: 'flashcard', data: { front: 'Question', back: 'Réponse' } },
  { id: 'b13', type: 'scratch_card', data: { hidden: 'Surprise' } },
  { id: 'b14', type: 'file', data: { url: 'https://cdn.example.test/fiche.docx', name: 'Fiche', size: 2048, mime_type: null } },
  { id: 'b15', type: 'poll', data: { question: '<b>?</b>', nested: { url: 'javascript:alert(1)' } } },
];

describe('PUT …/training_items/{id}: content as blocks', () => {
  it('stores a block of every type from `blocks`, answers it as text and as blocks, and reads it back', async () => {
    const answer = await updateItem(demo.teacher, training, ids.GENERIC!, { blocks: EVERY_TYPE });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.blocks).toEqual(EVERY_TYPE);
    expect(JSON.parse(answer.body.content)).toEqual(EVERY_TYPE);
    expect((await getItem(demo.analyst, training, ids.GENERIC!)).body.blocks).toEqual(EVERY_TYPE);
  });

  it('keeps the text form for older clients, and clears with null in either form', async () => {
    const content = JSON.stringify(EVERY_TYPE.slice(0, 3));
    const answer = await updateItem(demo.admin, training, ids.GENERIC!, { content });
    expect(answer.body.content).toBe(content);
    expect(answer.body.blocks).toEqual(EVERY_TYPE.slice(0, 3));
    expect((await updateItem(demo.owner, training, ids.GENERIC!, { blocks: null })).body).toMatchObject({ content: null, blocks: [] });
    await updateItem(demo.owner, training, ids.GENERIC!, { blocks: EVERY_TYPE.slice(0, 1) });
    expect((await updateItem(demo.owner, training, ids.GENERIC!, { content: null })).body).toMatchObject({ content: null, blocks: [] });
  });

  it('recomputes an embed’s src and provider from its address (never the client’s)', async () => {
    const blocks = [
      { id: 'e1', type: 'embed', data: { url: 'https://youtu.be/dQw4w9WgXcQ?t=90', provider: 'evil', src: 'https://evil.test/frame' } },
      { id: 'e2', type: 'embed', data: { url: 'https://vimeo.com/76979871', src: 'javascript:alert(1)' } },
      { id: 'e3', type: 'embed', data: { url: 'https://blog.example.test/article', provider: 'youtube', src: 'https://www.youtube-nocookie.com/embed/x' } },
    ];
    const stored = (await updateItem(demo.owner, training, ids.GENERIC!, { blocks })).body.blocks;
    expect(stored[0].data).toMatchObject({ provider: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90' });
    expect(stored[1].data).toMatchObject({ provider: 'vimeo', src: 'https://player.vimeo.com/video/76979871' });
    expect(stored[2].data).toMatchObject({ provider: null, src: null, url: 'https://blog.example.test/article' });
  });

  const heading = (data: unknown) => ({ id: 'h', type: 'heading', data });
  it.each([
    ['a heading of level 1', [EVERY_TYPE[0], heading({ text: 'x', level: 1 })], ['blocks.1.data.level']],
    ['a heading without text', [heading({ level: 2 })], ['blocks.0.data.text']],
    ['a heading of blanks (the editor\'s required rule)', [heading({ text: '   ', level: 2 })], ['blocks.0.data.text']],
    ['a flashcard without its back', [{ id: 'x', type: 'flashcard', data: { front: 'a', back: '' } }], ['blocks.0.data.back']],
    ['a timeline entry without label', [{ id: 'x', type: 'timeline', data: { entries: [{ timecode: '00:10', label: ' ' }] } }], ['blocks.0.data.entries.0.label']],
    ['an unknown key in a known block', [{ id: 'x', type: 'flashcard', data: { front: 'a', back: 'b', colour: 'red' } }], ['blocks.0.data.colour']],
    ['a video without source', [{ id: 'x', type: 'video', data: { url: 'https://a.test/v.mp4' } }], ['blocks.0.data.source']],
    ['a timecode that is not one', [{ id: 'x', type: 'timeline', data: { entries: [{ timecode: '1:2', label: 'a' }] } }], ['blocks.0.data.entries.0.timecode']],
    ['timecodes out of order', [{ id: 'x', type: 'timeline', data: { entries: [{ timecode: '01:00', label: 'a' }, { timecode: '00:59', label: 'b' }] } }], ['blocks.0.data.entries.1.timecode']],
    ['a banner of the wrong size', [{ id: 'x', type: 'image', data: { url: 'https://a.test/b.png', alt: '', banner: true, width: 700, height: 200 } }], ['blocks.0.data.banner']],
    ['an empty quote', [{ id: 'x', type: 'quote', data: { author: 'Moi' } }], ['blocks.0.data']],
    ['HTML in markdown', [{ id: 'x', type: 'markdown', data: { markdown: 'a <img src=x onerror=alert(1)>' } }], ['blocks.0.data.markdown']],
    ['an unknown block without data', [{ id: 'x', type: 'poll' }], ['blocks.0.data']],
    ['a code language with spaces', [{ id: 'x', type: 'code', data: { language: 'java script', code: '' } }], ['blocks.0.data.language']],
  ])('refuses %s with 422 at the block’s pointer', async (_label, blocks, fields) => {
    const answer = await updateItem(demo.owner, training, ids.GENERIC!, { blocks });
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(fields);
  });

  it('points into the text form the same way', async () => {
    const answer = await updateItem(demo.owner, training, ids.GENERIC!, { content: JSON.stringify([EVERY_TYPE[1], heading({ text: 'x', level: 7 })]) });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['content.1.data.level']);
  });

  it('refuses both forms at once, a block list on a section, and more than 2000 blocks', async () => {
    const both = await updateItem(demo.owner, training, ids.GENERIC!, { content: '[]', blocks: [] });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['content']);
    const section = await updateItem(demo.owner, training, ids.SECTION!, { blocks: [] });
    expect(Object.keys(section.body.errors)).toEqual(['blocks']);
    const many = Array.from({ length: 2001 }, (_, i) => ({ id: `t${i}`, type: 'flashcard', data: { front: 'a', back: 'b' } }));
    const tooMany = await updateItem(demo.owner, training, ids.GENERIC!, { content: JSON.stringify(many) });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors)).toEqual(['content']);
  });

  it('reports the problems of the first ten wrong blocks only', async () => {
    const wrong = Array.from({ length: 50 }, (_, i) => heading({ text: `${i}`, level: 9 }));
    const answer = await updateItem(demo.owner, training, ids.GENERIC!, { blocks: wrong });
    expect(Object.keys(answer.body.errors)).toHaveLength(10);
  });

  it('refuses the ANALYST (403) and another store’s owner (404)', async () => {
    expect((await updateItem(demo.analyst, training, ids.GENERIC!, { blocks: [] })).status).toBe(403);
    expect((await updateItem(await percentOwner(), training, ids.GENERIC!, { blocks: [] })).status).toBe(404);
  });
});

describe('PUT …/training_items/{id}: versions', () => {
  it('adds 1 on every save and refuses a stale version with 409 and the current item, writing nothing', async () => {
    const item = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Versionnée', parent_id: ids.SECTION });
    const start = (await getItem(demo.owner, training, item)).body;
    expect(start.version).toBe(1);
    const mine = await updateItem(demo.owner, training, item, { version: 1, name: 'Par moi' });
    expect(mine.body.version).toBe(2);
    const theirs = await updateItem(demo.teacher, training, item, { version: 1, name: 'Par un autre', blocks: [] });
    expect(theirs.status).toBe(409);
    expect(theirs.body).toMatchObject({ code: 'VERSION_CONFLICT', current: { id: item, name: 'Par moi', version: 2 } });
    expect(typeof theirs.body.message).toBe('string');
    expect((await getItem(demo.owner, training, item)).body).toMatchObject({ name: 'Par moi', version: 2 });
    // Without a version (older clients) the save is not checked; a wrong one is refused before validation.
    expect((await updateItem(demo.owner, training, item, { name: 'Sans version' })).body.version).toBe(3);
    expect((await updateItem(demo.owner, training, item, { version: 99, blocks: [{ id: 'x', type: 'heading', data: { text: 'x', level: 1 } }] })).status).toBe(409);
  });

  it('lets exactly one of two saves made from the same version through', async () => {
    const item = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Concurrence', parent_id: ids.SECTION });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => updateItem(demo.owner, training, item, { version: 1, blocks: [{ id: 'x', type: 'heading', data: { text: `v${i}`, level: 2 } }] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await getItem(demo.owner, training, item)).body.version).toBe(2);
  });
});

describe('PUT …/training_items/{id}: unlock blockers', () => {
  it('stores blockers on earlier items of the right type, replaced as a whole', async () => {
    const blockers = [
      { type: 'QUIZ_SCORE', item_id: ids.QUIZ, min_score: 80 },
      { type: 'TASKS', item_id: ids.TASKS, min_score: null },
      { type: 'ASSIGNMENT', item_id: ids.ASSIGNMENT, min_score: null },
    ];
    const answer = await updateItem(demo.teacher, training, ids.GENERIC!, { unlock_mode: 'PREVIOUS', unlock_blockers: blockers });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ unlock_mode: 'PREVIOUS', unlock_blockers: blockers });
    expect((await updateItem(demo.teacher, training, ids.GENERIC!, { unlock_blockers: [] })).body.unlock_blockers).toEqual([]);
  });

  it.each([
    ['an item of the wrong type', (i: Record<string, number>) => [{ type: 'QUIZ_SCORE', item_id: i.TASKS, min_score: null }], 'unlock_blockers.0.item_id'],
    ['an item placed after', (i: Record<string, number>) => [{ type: 'TASKS', item_id: i.TASKS, min_score: null }], 'unlock_blockers.0.item_id'],
    ['an unknown item', () => [{ type: 'TASKS', item_id: 2_000_000_000, min_score: null }], 'unlock_blockers.0.item_id'],
    ['a score on tasks', (i: Record<string, number>) => [{ type: 'TASKS', item_id: i.TASKS, min_score: 50 }], 'unlock_blockers.0.min_score'],
    ['the same blocker twice', (i: Record<string, number>) => [{ type: 'TASKS', item_id: i.TASKS, min_score: null }, { type: 'TASKS', item_id: i.TASKS, min_score: null }], 'unlock_blockers.1'],
    ['a score over 100', (i: Record<string, number>) => [{ type: 'QUIZ_SCORE', item_id: i.QUIZ, min_score: 101 }], 'unlock_blockers.0.min_score'],
  ])('refuses %s (422)', async (label, blockers, field) => {
    // "an item placed after": the TASKS item is after the QUIZ, so the QUIZ may not wait on it.
    const subject = label === 'an item placed after' ? ids.QUIZ! : ids.VIDEO!;
    const answer = await updateItem(demo.owner, training, subject, { unlock_blockers: blockers(ids) });
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });

  it('refuses a blocker on an item of another training', async () => {
    const other = await newTraining(demo.owner, 'Autre formation');
    const quiz = await addItem(demo.owner, other, { type: 'QUIZ', name: 'Quiz ailleurs' });
    const answer = await updateItem(demo.owner, training, ids.VIDEO!, { unlock_blockers: [{ type: 'QUIZ_SCORE', item_id: quiz, min_score: null }] });
    expect(Object.keys(answer.body.errors)).toEqual(['unlock_blockers.0.item_id']);
  });
});

describe('PUT …/training_items/{id}: publish and unpublish every type', () => {
  it.each(['SECTION', 'QUIZ', 'TASKS', 'ASSIGNMENT', 'GENERIC', 'VIDEO'])('%s', async (type) => {
    expect((await updateItem(demo.teacher, training, ids[type]!, { draft: false })).body.draft).toBe(false);
    expect((await getItem(demo.owner, training, ids[type]!)).body.draft).toBe(false);
    expect((await updateItem(demo.teacher, training, ids[type]!, { draft: true })).body.draft).toBe(true);
  });

  it('SCORM (made by a platform admin, as SCORM needs EXPERT), with its settings untouched', async () => {
    const platform = await login('platform@demo.test');
    const data = new FormData();
    data.append('type', 'SCORM');
    data.append('file', new Blob([Buffer.from(goodPackage())], { type: 'application/zip' }), 'module.zip');
    const created = await fetch(`${baseUrl()}/api/v1/trainings/${training}/training_items/scorm`, { method: 'POST', body: data, headers: { authorization: `Bearer ${platform}` } });
    expect(created.status).toBe(201);
    const item = (await created.json()) as { id: number; draft: boolean; specific_content: string | null; scorm_url: string };
    expect(item.draft).toBe(true);
    const published = await updateItem(demo.teacher, training, item.id, { draft: false, version: 1 });
    expect(published.body).toMatchObject({ draft: false, version: 2, specific_content: item.specific_content, scorm_url: item.scorm_url });
    expect((await updateItem(demo.owner, training, item.id, { draft: true })).body.draft).toBe(true);
  });
});

