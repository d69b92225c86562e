import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshTrainingItem, trainingItemQuery, trainingItemResourcesApi } from '../../../api/trainingItemsApi';
import { ResourcesCard } from '../../../components/resources/ResourcesCard';

/** The files and links of an item (spec: resources on an item), on the shared resources list. */
export function ItemResourcesCard({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const queryClient = useQueryClient();
  const item = useQuery(trainingItemQuery(trainingUuid, itemId));
  return (
    <ResourcesCard
      source={{
        resources: item.data?.resources ?? [],
        isPending: item.isPending,
        isError: item.isError,
        dataUpdatedAt: item.dataUpdatedAt,
        add: (body, signal) => trainingItemResourcesApi.add(trainingUuid, itemId, body, signal),
        remove: (resourceId, signal) => trainingItemResourcesApi.remove(trainingUuid, itemId, resourceId, signal),
        reorder: (ids, signal) => trainingItemResourcesApi.reorder(trainingUuid, itemId, ids, signal),
        refresh: () => refreshTrainingItem(queryClient, trainingUuid, itemId),
        upload: { trainingUuid },
      }}
    />
  );
}
