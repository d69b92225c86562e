import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ExternalLink, FileDown, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { flatIds, flatOrder, moveInOrder } from '../../../../machines/reorder/reorder.order';
import { refreshTrainingItem, trainingItemQuery, trainingItemResourcesApi, type NewResource, type Resource } from '../../../api/trainingItemsApi';
import { useRequest } from '../../../app/useRequest';
import { DragHandle, SortableList } from '../../../components/SortableList';
import { FileUploadField, fileNameOf } from '../../../components/upload/FileUploadField';
import { useReorder } from '../../../components/useReorder';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { itemSettingsMessages as s, resourceLabel } from './itemSettingsMessages';

const fieldError = (failure: Failure | null, field: string) => failure?.fieldErrors[field]?.join(' ') || undefined;

/**
 * The files and links of an item (spec: resources on an item): added (a link, or a file through a RESOURCE
 * upload), reordered (drag by the grip, or Monter / Descendre: the reorder machine, optimistic with rollback)
 * and deleted. These calls are the item's own (not part of the editor's save), so each shows at once.
 */
export function ItemResourcesCard({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const item = useQuery(trainingItemQuery(trainingUuid, itemId));
  const resources = item.data?.resources ?? [];
  const refresh = () => refreshTrainingItem(queryClient, trainingUuid, itemId);
  const latestRefresh = useRef(refresh);
  useEffect(() => {
    latestRefresh.current = refresh;
  });

  const reorder = useReorder({
    order: flatOrder(resources.map((resource) => String(resource.id))),
    syncKey: item.dataUpdatedAt,
    save: async ({ order }, signal) => {
      await trainingItemResourcesApi.reorder(trainingUuid, itemId, flatIds(order).map(Number), signal);
      await latestRefresh.current();
    },
    onFailure: () => void latestRefresh.current(),
  });
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const add = useRequest(async (body: NewResource, signal) => {
    await trainingItemResourcesApi.add(trainingUuid, itemId, body, signal);
    // The link form empties once its link is added.
    if (body.type === 'LINK') {
      setName('');
      setUrl('');
    }
    await latestRefresh.current();
  });
  const remove = useRequest(async (resourceId: number, signal) => {
    await trainingItemResourcesApi.remove(trainingUuid, itemId, resourceId, signal);
    await latestRefresh.current();
  });

  const byId = new Map(resources.map((resource) => [String(resource.id), resource]));
  const rows = flatIds(reorder.order).flatMap((id) => byId.get(id) ?? []);
  const moveTo = (from: number, to: number) => reorder.move(moveInOrder(reorder.order, { key: null, index: from }, { key: null, index: to }));
  const failure = add.error as Failure | null;

  return (
    <Card title={intl.formatMessage(s.resourcesTitle)}>
      <div className="stack" data-testid="item-resources">
        {item.isPending ? (
          <Spinner aria-label={intl.formatMessage(s.resourcesLoading)} />
        ) : item.isError ? (
          <Banner variant="danger">{intl.formatMessage(s.resourcesFailed)}</Banner>
        ) : rows.length === 0 ? (
          <p className="ui-field__description">{intl.formatMessage(s.resourcesEmpty)}</p>
        ) : (
          <SortableList className="item-resources" handle="[data-drag-handle]" disabled={rows.length < 2} onMove={(from, to) => moveTo(from.index, to.index)} aria-label={intl.formatMessage(s.resourcesTitle)}>
            {rows.map((resource: Resource, index) => {
              const label = intl.formatMessage(resourceLabel, { name: resource.name });
              return (
                <li key={resource.id} className="item-resources__row" data-testid="item-resource">
                  {rows.length > 1 && <DragHandle />}
                  {resource.type === 'LINK' ? <ExternalLink size={16} aria-hidden="true" /> : <FileDown size={16} aria-hidden="true" />}
                  <a className="item-resources__name" href={resource.url} target="_blank" rel="noreferrer">
                    {resource.name}
                  </a>
                  <span className="item-resources__tools">
                    <Button variant="ghost" size="sm" isDisabled={index === 0} onPress={() => moveTo(index, index - 1)} aria-label={`${intl.formatMessage(s.moveUp)} (${label})`}>
                      <ArrowUp size={16} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="sm" isDisabled={index === rows.length - 1} onPress={() => moveTo(index, index + 1)} aria-label={`${intl.formatMessage(s.moveDown)} (${label})`}>
                      <ArrowDown size={16} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="sm" isDisabled={remove.isSubmitting} onPress={() => remove.submit(resource.id)} aria-label={`${intl.formatMessage(s.removeResource)} (${label})`}>
                      <Trash2 size={16} aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              );
            })}
          </SortableList>
        )}
        {remove.error && <Banner variant="danger" role="alert">{(remove.error as Failure).message}</Banner>}

        <form
          className="stack item-resources__add"
          onSubmit={(event) => {
            event.preventDefault();
            add.submit({ type: 'LINK', name: name.trim(), url: url.trim() });
          }}
          data-testid="resource-link-form"
        >
          <TextField label={intl.formatMessage(s.resourceName)} value={name} onChange={(text) => (setName(text), add.clearError())} maxLength={128} isRequired errorMessage={fieldError(failure, 'name')} />
          <TextField label={intl.formatMessage(s.resourceUrl)} value={url} onChange={(text) => (setUrl(text), add.clearError())} type="url" maxLength={2048} isRequired errorMessage={fieldError(failure, 'url')} />
          {failure && !fieldError(failure, 'name') && !fieldError(failure, 'url') && <Banner variant="danger" role="alert">{failure.message}</Banner>}
          <Button type="submit" variant="secondary" size="sm" isPending={add.isSubmitting}>
            {intl.formatMessage(s.addLink)}
          </Button>
        </form>
        <FileUploadField
          trainingUuid={trainingUuid}
          type="RESOURCE"
          value={null}
          isRemovable={false}
          label={intl.formatMessage(s.addFile)}
          onChange={(fileUrl) => fileUrl && add.submit({ type: 'FILE', name: fileNameOf(fileUrl).slice(0, 128), url: fileUrl })}
        />
      </div>
    </Card>
  );
}
