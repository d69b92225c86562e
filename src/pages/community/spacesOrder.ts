import type { ReorderOrder } from '../../../machines/reorder/reorder.order';
import type { Collection, Space } from '../../api/communityApi';

/** The spaces as the reorder machine keeps them: standalone spaces (key null) then one group per collection. */
export function spacesOrder(collections: readonly Collection[], spaces: readonly Space[]): ReorderOrder {
  const visible = new Set(spaces.map((space) => space.uuid));
  const inCollections = new Set(collections.flatMap((collection) => collection.groups));
  return [
    { key: null, ids: spaces.filter((space) => space.collection === null || !inCollections.has(space.uuid)).map((space) => space.uuid) },
    ...collections.map((collection) => ({ key: collection.uuid, ids: collection.groups.filter((uuid) => visible.has(uuid)) })),
  ];
}

/** PUT /community/groups: every space with its position in its group and its collection. */
export const reorderSpacesBody = (order: ReorderOrder) =>
  order.flatMap((group) => group.ids.map((uuid, position) => ({ uuid, position, collection: group.key })));
