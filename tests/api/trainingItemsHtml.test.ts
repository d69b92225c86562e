import { beforeAll, describe, expect, it } from 'vitest';
import { addItem, createItem, demoTokens, getItem, newTraining, updateItem } from './trainingItemsSupport';

/** Issue #9: an item's description and an assignment's instructions are HTML the learner area renders: cleaned on write. */
describe('training items: HTML cleaned on write', () => {
  let owner: string;
  let training: string;
  const dirty = '<p onclick="steal()">Lisez <a href="javascript:alert(1)">ceci</a></p><script>alert(1)</script><img src=x onerror=alert(1)>';
  const clean = '<p>Lisez <a>ceci</a></p>';

  beforeAll(async () => {
    owner = (await demoTokens()).owner;
    training = await newTraining(owner, 'Formation HTML nettoyé');
  });

  it('cleans the description of a new item', async () => {
    const answer = await createItem(owner, training, { type: 'GENERIC', name: 'Leçon', description: dirty });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.description).toBe(clean);
    expect((await getItem(owner, training, answer.body.id)).body.description).toBe(clean);
  });

  it('cleans the description sent in an update, and keeps a clean one as sent', async () => {
    const id = await addItem(owner, training, { type: 'GENERIC', name: 'Leçon 2' });
    expect((await updateItem(owner, training, id, { description: dirty })).body.description).toBe(clean);
    expect((await updateItem(owner, training, id, { description: '<p>Résumé <strong>utile</strong></p>' })).body.description).toBe(
      '<p>Résumé <strong>utile</strong></p>',
    );
  });

  it('cleans the instructions of an assignment, and keeps its other settings', async () => {
    const id = await addItem(owner, training, { type: 'ASSIGNMENT', name: 'Devoir' });
    const answer = await updateItem(owner, training, id, { specific_content: JSON.stringify({ instructions: dirty, max_files: 2 }) });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.body.specific_content)).toEqual({ instructions: clean, max_files: 2 });
    const stored = (await getItem(owner, training, id)).body;
    expect(JSON.parse(stored.specific_content)).toEqual({ instructions: clean, max_files: 2 });
  });
});
