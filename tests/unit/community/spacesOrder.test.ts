import { describe, expect, it } from 'vitest';
import { moveInOrder } from '../../../machines/reorder/reorder.order';
import type { Collection, Space } from '../../../src/api/communityApi';
import { reorderSpacesBody, spacesOrder } from '../../../src/pages/community/spacesOrder';

const space = (uuid: string, collection: string | null) => ({ uuid, collection }) as Space;
const collection = (uuid: string, groups: string[]) => ({ uuid, groups }) as Collection;

describe('the community menu as a reorder tree', () => {
  const spaces = [space('a', null), space('b', null), space('x', 'c1'), space('y', 'c1')];
  const collections = [collection('c1', ['y', 'x']), collection('c2', [])];

  it('standalone spaces first (key null), then each collection in its own order', () => {
    expect(spacesOrder(collections, spaces)).toEqual([
      { key: null, ids: ['a', 'b'] },
      { key: 'c1', ids: ['y', 'x'] },
      { key: 'c2', ids: [] },
    ]);
  });

  it('a collection lists only the spaces the caller sees', () => {
    expect(spacesOrder([collection('c1', ['y', 'hidden'])], [space('y', 'c1')])).toEqual([
      { key: null, ids: [] },
      { key: 'c1', ids: ['y'] },
    ]);
  });

  it('a space moved into a collection is sent with its new collection and every position', () => {
    const moved = moveInOrder(spacesOrder(collections, spaces), { key: null, index: 0 }, { key: 'c2', index: 0 });
    expect(reorderSpacesBody(moved)).toEqual([
      { uuid: 'b', position: 0, collection: null },
      { uuid: 'y', position: 0, collection: 'c1' },
      { uuid: 'x', position: 1, collection: 'c1' },
      { uuid: 'a', position: 0, collection: 'c2' },
    ]);
  });
});
