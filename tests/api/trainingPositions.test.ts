import { describe, expect, it } from 'vitest';
import { checked, createTraining, freshStore } from './trainingsSupport';

type Summary = { uuid: string; name: string; position: number };

const reorder = (token: string, trainings: { uuid: string; order: number }[]) => checked('reorderTrainings', 'PUT', '/trainings/reordering', { token, body: { trainings } });
const listAll = async (token: string) => (await checked('listTrainings', 'GET', '/trainings?per_page=100', { token })).body.data as Summary[];
const positions = (list: Summary[]) => list.map((t) => t.position);

describe('training positions are unique per store', () => {
  it('a reorder that sends one number twice gives them in the order sent', async () => {
    const { token } = await freshStore();
    const [a, b, c] = [await createTraining(token, 'A'), await createTraining(token, 'B'), await createTraining(token, 'C')];
    const answer = await reorder(token, [
      { uuid: c.uuid, order: 0 },
      { uuid: b.uuid, order: 0 },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.map((t: Summary) => [t.name, t.position])).toEqual([
      ['C', 0],
      ['B', 1],
      ['A', 2],
    ]);
    expect(a.position).toBe(0);
  });

  it('a training sent onto the number another holds takes it, and those in the way move down one', async () => {
    const { token } = await freshStore();
    for (const name of ['A', 'B', 'C', 'D']) await createTraining(token, name);
    const [, , , d] = await listAll(token);
    const answer = await reorder(token, [{ uuid: d!.uuid, order: 1 }]);
    expect(answer.body.data.map((t: Summary) => [t.name, t.position])).toEqual([
      ['A', 0],
      ['D', 1],
      ['B', 2],
      ['C', 3],
    ]);
  });

  it('stay unique under concurrent reorders, creations and duplications', async () => {
    const { token } = await freshStore();
    const first: Summary[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) first.push(await createTraining(token, name));
    const uuids = first.map((t) => t.uuid);
    const requests: Promise<{ status: number; text: string }>[] = [];
    for (let round = 0; round < 4; round++) {
      // Everyone to the top, everyone onto the same number, a page shifted by one: all clash on purpose.
      requests.push(reorder(token, uuids.map((uuid) => ({ uuid, order: 0 }))));
      requests.push(reorder(token, [{ uuid: uuids[round]!, order: 2 }, { uuid: uuids[round + 1]!, order: 2 }]));
      requests.push(reorder(token, uuids.map((uuid, index) => ({ uuid, order: (index + round) % uuids.length }))));
      requests.push(checked('createTraining', 'POST', '/trainings', { token, body: { name: `Nouvelle ${round}` } }));
      requests.push(checked('duplicateTraining', 'POST', `/trainings/${uuids[round]}/duplication`, { token }));
    }
    const answers = await Promise.all(requests);
    for (const answer of answers) expect([200, 201], answer.text).toContain(answer.status);
    const list = await listAll(token);
    expect(list).toHaveLength(5 + 4 + 4);
    expect(new Set(positions(list)).size).toBe(list.length);
  });
});
