import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button as RACButton } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { flatIds, flatOrder, moveInOrder } from '../../../../machines/reorder/reorder.order';
import { bundleQuery, removeBundleTraining, reorderBundleTrainings, storeBundle, type Bundle } from '../../../api/bundlesApi';
import { reportedByShell } from '../../../app/failureReporter';
import { useRequest } from '../../../app/useRequest';
import { DragHandle, SortableList } from '../../../components/SortableList';
import { useReorder } from '../../../components/useReorder';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/Link';
import { showToast } from '../../../components/ui/toastQueue';
import { DESKTOP, useMediaQuery } from '../../../layouts/shell/useMediaQuery';
import { rowsInOrder } from '../../../components/catalogue/catalogueOrder';
import { BundleFrame } from './BundleFrame';
import { trainingsTabMessages as m, trainingsTabValues as v } from './bundleDetailMessages';
import { TrainingPicker } from './TrainingPicker';
import '../../../components/catalogue/catalogueList.css';
import './bundleDetail.css';

/** /packs/:uuid: the trainings of a bundle (add from a picker, remove, drag or move to order them). */
export function BundleTrainingsPage() {
  return <BundleFrame tab="trainings">{(bundle) => <BundleTrainings bundle={bundle} />}</BundleFrame>;
}

function BundleTrainings({ bundle: framed }: { bundle: Bundle }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const isWide = useMediaQuery(DESKTOP);
  const [isPicking, setPicking] = useState(false);
  // The same cache entry as the frame's, read here so the data and its update time (which tells the reorder
  // machine new data came) come from one observer: the frame's prop may lag one render behind.
  const { data: bundle = framed, dataUpdatedAt } = useQuery(bundleQuery(framed.uuid));
  const latestIntl = useRef(intl);
  useEffect(() => {
    latestIntl.current = intl;
  });

  const reorder = useReorder({
    order: flatOrder(bundle.trainings.map((training) => training.uuid)),
    syncKey: dataUpdatedAt,
    save: async ({ order }, signal) => storeBundle(queryClient, await reorderBundleTrainings(bundle.uuid, flatIds(order), signal)),
    onFailure: () => void queryClient.invalidateQueries({ queryKey: bundleQuery(bundle.uuid).queryKey }),
  });
  const remove = useRequest(async (training: Bundle['trainings'][number], signal) => {
    try {
      await storeBundle(queryClient, await removeBundleTraining(bundle.uuid, training.uuid, signal));
      showToast({ title: latestIntl.current.formatMessage(v.removed, { name: training.name }), variant: 'success' });
    } catch (error) {
      // One report: the shell's catalogue has the failures it reports itself (no answer, 5xx…).
      if (!reportedByShell(error)) showToast({ title: latestIntl.current.formatMessage(m.removeFailed), description: (error as Failure).message, variant: 'error' });
      throw error;
    }
  });

  const trainings = rowsInOrder(bundle.trainings, flatIds(reorder.order));
  const canDrag = isWide && trainings.length > 1;
  const moveTo = (from: number, to: number) => reorder.move(moveInOrder(reorder.order, { key: null, index: from }, { key: null, index: to }));

  return (
    <Card
      title={intl.formatMessage(m.title)}
      description={intl.formatMessage(m.lead)}
      actions={
        <Button onPress={() => setPicking(true)} data-testid="bundle-add-training">
          {intl.formatMessage(m.add)}
        </Button>
      }
    >
      <div className="stack">
        <p className="bundle-trainings__status" data-testid="bundle-trainings-count" aria-live="polite">
          {intl.formatMessage(v.count, { count: trainings.length })}
          {reorder.isSaving ? (
            <span className="catalogue-page__saving">
              <Spinner size="sm" aria-hidden />
              {intl.formatMessage(m.saving)}
            </span>
          ) : !isWide && trainings.length > 1 ? (
            <span>{intl.formatMessage(m.dragOffNarrow)}</span>
          ) : null}
        </p>
        {trainings.length === 0 ? (
          <div className="empty-state" data-testid="bundle-trainings-empty">
            <p className="page-lead">{intl.formatMessage(m.empty)}</p>
            <Button variant="secondary" onPress={() => setPicking(true)}>
              {intl.formatMessage(m.add)}
            </Button>
          </div>
        ) : (
          <SortableList
            className="bundle-trainings"
            aria-label={intl.formatMessage(m.listLabel)}
            data-testid="bundle-trainings"
            disabled={!canDrag}
            handle="[data-drag-handle]"
            onMove={(from, to) => moveTo(from.index, to.index)}
          >
            {trainings.map((training, index) => (
              <li key={training.uuid} className="bundle-trainings__row" data-testid={`bundle-training-${training.uuid}`}>
                {canDrag ? <DragHandle /> : null}
                <span className="bundle-trainings__picture" aria-hidden="true">
                  {training.picture ? <img src={training.picture} alt="" loading="lazy" /> : ([...training.name.trim()][0]?.toUpperCase() ?? '?')}
                </span>
                <TextLink href={`/formations/${training.uuid}`} className="bundle-trainings__name">
                  {training.name}
                </TextLink>
                <span className="bundle-trainings__actions">
                  {canDrag && (
                    <>
                      <RACButton className="ui-icon-button" aria-label={`${intl.formatMessage(m.moveUp)} : ${training.name}`} isDisabled={index === 0} onPress={() => moveTo(index, index - 1)}>
                        <Arrow up />
                      </RACButton>
                      <RACButton
                        className="ui-icon-button"
                        aria-label={`${intl.formatMessage(m.moveDown)} : ${training.name}`}
                        isDisabled={index === trainings.length - 1}
                        onPress={() => moveTo(index, index + 1)}
                      >
                        <Arrow />
                      </RACButton>
                    </>
                  )}
                  <Button variant="ghost" size="sm" aria-label={intl.formatMessage(v.removeLabel, { name: training.name })} isDisabled={remove.isSubmitting} onPress={() => remove.submit(training)}>
                    {intl.formatMessage(m.remove)}
                  </Button>
                </span>
              </li>
            ))}
          </SortableList>
        )}
      </div>
      <TrainingPicker bundle={bundle} isOpen={isPicking} onOpenChange={setPicking} />
    </Card>
  );
}

function Arrow({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={up ? 'M10 15V5M5.5 9.5L10 5l4.5 4.5' : 'M10 5v10M5.5 10.5L10 15l4.5-4.5'} />
    </svg>
  );
}
