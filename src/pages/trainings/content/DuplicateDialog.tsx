import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { trainingChoicesQuery } from '../../../api/trainingsApi';
import type { TargetTraining, TreeDialogsEvent } from '../../../../machines/treeDialogs/treeDialogs.machine';
import type { selectTreeDialogsView } from '../../../../machines/treeDialogs/treeDialogs.selectors';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { failureText } from '../../../app/failureText';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { Form, FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { contentMessages as m } from './contentMessages';
import { DialogActions } from './EntryDialog';

type TreeDialogsView = ReturnType<typeof selectTreeDialogsView>;

/**
 * "Dupliquer dans une autre formation": picks one of the store's other trainings (the first 100 in the store's
 * order, the list endpoint's page limit) and copies the item there (POST …/duplication with
 * target_training_uuid; it lands last at the top of that training). It draws machines/treeDialogs.
 */
export function DuplicateDialog({ trainingUuid, view, send }: { trainingUuid: string; view: TreeDialogsView; send: (event: TreeDialogsEvent) => void }) {
  const intl = useIntl();
  const node = view.duplicateElsewhere;
  if (!node) return null;
  const close = () => send({ type: 'CLOSE' });
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && close()}
      isDismissable={!view.isBusy}
      isKeyboardDismissDisabled={view.isBusy}
      title={intl.formatMessage(m.duplicateTitle)}
      closeLabel={intl.formatMessage(commonMessages.close)}
      size="sm"
    >
      <DuplicateForm trainingUuid={trainingUuid} node={node} view={view} onCancel={close} onConfirm={(target) => send({ type: 'CONFIRM_DUPLICATE', target })} />
    </Modal>
  );
}

function DuplicateForm({
  trainingUuid,
  node,
  view,
  onCancel,
  onConfirm,
}: {
  trainingUuid: string;
  node: TrainingItemNode;
  view: TreeDialogsView;
  onCancel: () => void;
  onConfirm: (target: TargetTraining) => void;
}) {
  const intl = useIntl();
  const trainings = useQuery(trainingChoicesQuery());
  const others = (trainings.data?.data ?? []).filter((training) => training.uuid !== trainingUuid);
  // The select's choice is presentational state of this one form.
  const [target, setTarget] = useState<string | null>(null);
  const chosen = target ?? others[0]?.uuid ?? null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const training = others.find((other) => other.uuid === chosen);
    if (training) onConfirm({ uuid: training.uuid, name: training.name });
  };

  if (trainings.isPending) return <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />;
  if (trainings.isError) {
    return (
      <Banner variant="danger" action={<Button variant="secondary" onPress={() => void trainings.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>}>
        {intl.formatMessage(m.trainingsFailed)}
      </Banner>
    );
  }
  return (
    <Form className="stack" onSubmit={onSubmit} data-testid="duplicate-form">
      <p>{intl.formatMessage(m.duplicateLead, { name: node.name })}</p>
      <FormError>{failureText(intl, view.failure)}</FormError>
      {others.length === 0 ? (
        <Banner variant="info">{intl.formatMessage(m.noOtherTraining)}</Banner>
      ) : (
        <label className="native-field">
          <span className="native-field__label">{intl.formatMessage(m.targetTraining)}</span>
          <select name="target" className="native-field__select" value={chosen ?? ''} onChange={(event) => setTarget(event.target.value)} disabled={view.isBusy} data-testid="duplicate-target">
            {others.map((training) => (
              <option key={training.uuid} value={training.uuid}>
                {training.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel} isDisabled={view.isBusy}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" isDisabled={others.length === 0} isPending={view.isBusy} data-testid="duplicate-confirm">
          {intl.formatMessage(m.duplicateConfirm)}
        </Button>
      </DialogActions>
    </Form>
  );
}
