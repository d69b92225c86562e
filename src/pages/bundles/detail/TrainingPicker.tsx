import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { addBundleTraining, storeBundle, type Bundle } from '../../../api/bundlesApi';
import { trainingsListQuery, type TrainingSummary } from '../../../api/trainingsApi';
import { reportedByShell } from '../../../app/failureReporter';
import { useRequest } from '../../../app/useRequest';
import { TrainingStatusBadge } from '../../../components/StatusBadge';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { TextLink } from '../../../components/ui/Link';
import { showToast } from '../../../components/ui/toastQueue';
import { commonMessages } from '../../../i18n/commonMessages';
import { FailedState, LoadingState } from '../../../components/catalogue/CatalogueStates';
import { SearchBox, useSearchBox } from '../../../components/catalogue/SearchBox';
import { trainingsTabMessages as m, trainingsTabValues as v } from './bundleDetailMessages';

/**
 * The store's trainings not yet in the bundle, searchable, each with "Ajouter". The modal stays open so
 * several can be added; each one added leaves the list (the bundle the server answers is stored).
 */
export function TrainingPicker({ bundle, isOpen, onOpenChange }: { bundle: Bundle; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(m.pickerTitle)}
      closeLabel={intl.formatMessage(commonMessages.close)}
      size="lg"
      footer={(close) => (
        <Button variant="secondary" onPress={close}>
          {intl.formatMessage(m.pickerDone)}
        </Button>
      )}
    >
      <PickerBody bundle={bundle} />
    </Modal>
  );
}

function PickerBody({ bundle }: { bundle: Bundle }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const search = useSearchBox();
  const list = useQuery({ ...trainingsListQuery({ page: 1, q: search.query }), placeholderData: keepPreviousData });
  const latestIntl = useRef(intl);
  useEffect(() => {
    latestIntl.current = intl;
  });
  const add = useRequest(async (training: TrainingSummary, signal) => {
    try {
      await storeBundle(queryClient, await addBundleTraining(bundle.uuid, training.uuid, signal));
      showToast({ title: latestIntl.current.formatMessage(v.added, { name: training.name }), variant: 'success' });
    } catch (error) {
      // One report: the shell's catalogue has the failures it reports itself (no answer, 5xx…).
      if (!reportedByShell(error)) showToast({ title: latestIntl.current.formatMessage(m.addFailed), description: (error as Failure).message, variant: 'error' });
      throw error;
    }
  });

  const inBundle = new Set(bundle.trainings.map((training) => training.uuid));
  const candidates = (list.data?.data ?? []).filter((training) => !inBundle.has(training.uuid));

  return (
    <div className="stack" data-testid="bundle-picker">
      <SearchBox
        field={search.field}
        label={intl.formatMessage(m.pickerSearch)}
        placeholder={intl.formatMessage(m.pickerPlaceholder)}
        clearLabel={intl.formatMessage(m.pickerClear)}
        data-testid="bundle-picker-search"
      />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <FailedState title={intl.formatMessage(m.pickerFailed)} onRetry={() => void list.refetch()} />
      ) : candidates.length === 0 ? (
        <p className="page-lead" data-testid="bundle-picker-empty">
          {search.isSearching ? (
            intl.formatMessage(v.noMatch, { query: search.query })
          ) : list.data.meta.total === 0 ? (
            <>
              {intl.formatMessage(m.pickerNone)} <TextLink href="/formations">{intl.formatMessage(m.pickerCreate)}</TextLink>
            </>
          ) : (
            intl.formatMessage(m.pickerAllIn)
          )}
        </p>
      ) : (
        <ul className="bundle-picker__list" aria-label={intl.formatMessage(m.pickerListLabel)}>
          {candidates.map((training) => (
            <li key={training.uuid} className="bundle-picker__row" data-testid={`picker-training-${training.uuid}`}>
              <span className="bundle-picker__name">{training.name}</span>
              <TrainingStatusBadge status={training.status} />
              <Button
                variant="secondary"
                size="sm"
                aria-label={intl.formatMessage(v.addLabel, { name: training.name })}
                isDisabled={add.isSubmitting}
                onPress={() => add.submit(training)}
              >
                {intl.formatMessage(m.pickerAdd)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
