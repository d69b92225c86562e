import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, ExternalLink, FileDown, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../shared/failure';
import { flatIds, flatOrder, moveInOrder } from '../../../machines/reorder/reorder.order';
import type { UploadApi } from '../../../machines/upload/upload.actors';
import type { components, operations } from '../../api/schema.gen';
import { useRequest } from '../../app/useRequest';
import { itemSettingsMessages as s, resourceLabel } from '../../pages/trainings/lesson/itemSettingsMessages';
import { DragHandle, SortableList } from '../SortableList';
import { FileUploadField, fileNameOf } from '../upload/FileUploadField';
import { useReorder } from '../useReorder';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';

export type Resource = components['schemas']['Resource'];
/** The same body for an item's resources and the store's. */
export type NewResource = operations['createTrainingItemResource']['requestBody']['content']['application/json'];

/** Where the resources live: a lesson's (the lesson editor) or the store's (customisation). */
export interface ResourcesSource {
  resources: readonly Resource[];
  isPending: boolean;
  isError: boolean;
  /** TanStack's `dataUpdatedAt` of the list: the reorder machine takes the server's order when it changes. */
  dataUpdatedAt: number;
  add: (body: NewResource, signal: AbortSignal) => Promise<unknown>;
  remove: (resourceId: number, signal: AbortSignal) => Promise<unknown>;
  reorder: (ids: number[], signal: AbortSignal) => Promise<unknown>;
  /** Reads the list again (after every change, and after a failed reorder). */
  refresh: () => Promise<unknown>;
  /** Where a file goes: the training's RESOURCE upload, or another address (the store's RESOURCE upload). */
  upload: { trainingUuid: string } | { uploadApi: UploadApi };
}

const fieldError = (failure: Failure | null, field: string) => failure?.fieldErrors[field]?.join(' ') || undefined;

/**
 * A list of files and links (spec: resources): added (a link, or a file through a RESOURCE upload), reordered
 * (drag by the grip, or Monter / Descendre: the reorder machine, optimistic with rollback) and deleted. These
 * calls are the list's own (not part of an editor's save), so each shows at once.
 */
export function ResourcesCard({ source, title, testId = 'item-resources' }: { source: ResourcesSource; title?: string; testId?: string }) {
  const intl = useIntl();
  const { resources } = source;
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });

  const reorder = useReorder({
    order: flatOrder(resources.map((resource) => String(resource.id))),
    syncKey: source.dataUpdatedAt,
    save: async ({ order }, signal) => {
      await latest.current.reorder(flatIds(order).map(Number), signal);
      await latest.current.refresh();
    },
    onFailure: () => void latest.current.refresh(),
  });
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const add = useRequest(async (body: NewResource, signal) => {
    await latest.current.add(body, signal);
    // The link form empties once its link is added.
    if (body.type === 'LINK') {
      setName('');
      setUrl('');
    }
    await latest.current.refresh();
  });
  const remove = useRequest(async (resourceId: number, signal) => {
    await latest.current.remove(resourceId, signal);
    await latest.current.refresh();
  });

  const byId = new Map(resources.map((resource) => [String(resource.id), resource]));
  const rows = flatIds(reorder.order).flatMap((id) => byId.get(id) ?? []);
  const moveTo = (from: number, to: number) => reorder.move(moveInOrder(reorder.order, { key: null, index: from }, { key: null, index: to }));
  const failure = add.error as Failure | null;

  return (
    <Card title={title ?? intl.formatMessage(s.resourcesTitle)}>
      <div className="stack" data-testid={testId}>
        {source.isPending ? (
          <Spinner aria-label={intl.formatMessage(s.resourcesLoading)} />
        ) : source.isError ? (
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
          {...source.upload}
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
