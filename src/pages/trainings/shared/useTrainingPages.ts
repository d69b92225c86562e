import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { $api } from '../../../api/queries';
import type { operations } from '../../../api/schema.gen';
import { TRAININGS_LIST_KEY, type TrainingSummary } from '../../../api/trainingsApi';
import { useSearchBox } from '../list/SearchBox';
import { saveTraining, type Training, type TrainingUpdate } from '../training/trainingQuery';

const PER_PAGE = 20;

type TrainingList = operations['listTrainings']['responses'][200]['content']['application/json'];

/**
 * A page of the store's trainings for the store-wide tables (certificates, access rules). The list rows carry
 * the certificate switch and the access rules, so a page is one request (GET /trainings), not one per training.
 */
export function useTrainingPages() {
  // The search and its page (a new search starts on page 1), kept in the address.
  const search = useSearchBox({ inUrl: true });
  const { page } = search;
  const list = useQuery({
    ...$api.queryOptions('get', '/trainings', { params: { query: { page, per_page: PER_PAGE, ...(search.query ? { q: search.query } : {}) } } }),
    placeholderData: keepPreviousData,
  });
  return {
    search,
    list,
    rows: list.data?.data ?? [],
    setPage: search.setPage,
  };
}

/** The summary fields a saved training answers too (items_count is only the list's: the record has the items). */
const SHARED_FIELDS = [
  'slug',
  'name',
  'summary',
  'price',
  'picture',
  'status',
  'position',
  'max_customers',
  'enrollment_ends_at',
  'access_duration_days',
  'drip_frequency',
  'certificate_enabled',
  'customers_count',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof TrainingSummary & keyof Training>;

function withSaved(row: TrainingSummary, saved: Training): TrainingSummary {
  if (row.uuid !== saved.uuid) return row;
  const next = { ...row };
  for (const field of SHARED_FIELDS) (next as Record<string, unknown>)[field] = saved[field];
  return next;
}

/**
 * saveTraining (the training's own cache gets the saved record), then every cached page of GET /trainings that
 * lists it shows the saved values at once: the row's switch or rules come from the list, so without this they
 * would snap back until a refetch. The pages are also marked stale (not refetched now: the patch is what the
 * server would answer) so a list filtered or sorted by something that changed is read again when next shown.
 */
export async function saveListedTraining(queryClient: QueryClient, trainingUuid: string, body: TrainingUpdate, signal?: AbortSignal): Promise<Training> {
  const saved = await saveTraining(queryClient, trainingUuid, body, signal);
  queryClient.setQueriesData<TrainingList>({ queryKey: TRAININGS_LIST_KEY }, (current) =>
    current ? { ...current, data: current.data.map((row) => withSaved(row, saved)) } : current,
  );
  await queryClient.invalidateQueries({ queryKey: TRAININGS_LIST_KEY, refetchType: 'none' });
  return saved;
}
