import { useMemo } from 'react';
import { useInspectedMachine } from '../../../app/inspector';
import { FileTrigger } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { createCsvImportActors } from '../../../../machines/csvImport/csvImport.actors';
import { csvImportMachine } from '../../../../machines/csvImport/csvImport.machine';
import { CSV_IMPORT_ACCEPT, type ImportFileProblem } from '../../../../machines/csvImport/csvImport.rules';
import { selectCsvImportView } from '../../../../machines/csvImport/csvImport.selectors';
import { importTrainingCustomers } from '../../../api/trainingCustomersApi';
import { failureText } from '../../../app/failureText';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';

const m = defineMessages({
  title: { id: 'trainings.import.title', defaultMessage: 'Importer des apprenants' },
  lead: { id: 'trainings.import.lead', defaultMessage: 'Un fichier CSV (5 Mo au plus) avec une ligne d’en-tête et les colonnes email, firstname et lastname. Les apprenants déjà inscrits sont ignorés.' },
  example: { id: 'trainings.import.example', defaultMessage: 'Exemple' },
  choose: { id: 'trainings.import.choose', defaultMessage: 'Choisir un fichier' },
  chooseOther: { id: 'trainings.import.chooseOther', defaultMessage: 'Choisir un autre fichier' },
  noFile: { id: 'trainings.import.noFile', defaultMessage: 'Aucun fichier choisi.' },
  submit: { id: 'trainings.import.submit', defaultMessage: 'Importer' },
  retry: { id: 'trainings.import.retry', defaultMessage: 'Réessayer' },
  uploading: { id: 'trainings.import.uploading', defaultMessage: 'Import en cours…' },
  cancel: { id: 'trainings.import.cancel', defaultMessage: 'Annuler' },
  close: { id: 'trainings.import.close', defaultMessage: 'Fermer' },
  another: { id: 'trainings.import.another', defaultMessage: 'Importer un autre fichier' },
  done: { id: 'trainings.import.done', defaultMessage: 'Import terminé' },
  skippedTitle: { id: 'trainings.import.skippedTitle', defaultMessage: 'Lignes ignorées' },
  colLine: { id: 'trainings.import.colLine', defaultMessage: 'Ligne' },
  colReason: { id: 'trainings.import.colReason', defaultMessage: 'Raison' },
});
const mv = {
  chosen: defineMessage<{ name: string }>({ id: 'trainings.import.chosen', defaultMessage: 'Fichier choisi : {name}' }),
  created: defineMessage<{ count: number }>({ id: 'trainings.import.created', defaultMessage: '{count, plural, =0 {Aucun compte créé} one {# compte créé} other {# comptes créés}}' }),
  enrolled: defineMessage<{ count: number }>({ id: 'trainings.import.enrolled', defaultMessage: '{count, plural, =0 {Aucune inscription} one {# apprenant inscrit} other {# apprenants inscrits}}' }),
  skippedFirst: defineMessage<{ count: number }>({ id: 'trainings.import.skippedFirst', defaultMessage: 'Les {count} premières lignes ignorées' }),
  skipped: defineMessage<{ count: number }>({ id: 'trainings.import.skipped', defaultMessage: '{count, plural, =0 {Aucune ligne ignorée} one {# ligne ignorée} other {# lignes ignorées}}' }),
};
const problems: Record<ImportFileProblem, MessageDescriptor> = defineMessages({
  type: { id: 'trainings.import.problem.type', defaultMessage: 'Ce fichier n’est pas un fichier CSV : enregistrez votre tableau au format CSV puis réessayez.' },
  empty: { id: 'trainings.import.problem.empty', defaultMessage: 'Ce fichier est vide.' },
  size: { id: 'trainings.import.problem.size', defaultMessage: 'Ce fichier dépasse 5 Mo : découpez-le en plusieurs fichiers.' },
});

/** The learner import dialog: pick → upload → report (machines/csvImport). */
export function ImportCustomersModal({
  trainingUuid,
  isOpen,
  onOpenChange,
  onImported,
}: {
  trainingUuid: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => unknown;
}) {
  const intl = useIntl();
  const logic = useMemo(
    () =>
      csvImportMachine.provide({
        actors: createCsvImportActors({ importCustomers: (file, signal) => importTrainingCustomers(trainingUuid, file, signal) }),
        actions: { imported: () => void onImported() },
      }),
    // The machine is built once per training, like every machine implementation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [trainingUuid],
  );
  const [snapshot, send] = useInspectedMachine(logic);
  const view = selectCsvImportView(snapshot);
  const close = (open: boolean) => {
    if (open) return onOpenChange(true);
    if (view.isUploading) return;
    send({ type: 'RESET' });
    onOpenChange(false);
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={close} title={intl.formatMessage(m.title)} closeLabel={intl.formatMessage(commonMessages.close)} isDismissable={!view.isUploading}>
      <div className="stack" data-testid="import-customers">
        {view.isPicking && (
          <>
            <p className="muted">{intl.formatMessage(m.lead)}</p>
            <pre className="import-example" aria-label={intl.formatMessage(m.example)}>
              email,firstname,lastname{'\n'}camille@exemple.fr,Camille,Durand
            </pre>
            <div className="form-actions">
              <FileTrigger acceptedFileTypes={CSV_IMPORT_ACCEPT.split(',')} onSelect={(files) => {
                const file = files?.[0];
                if (file) send({ type: 'PICK', file });
              }}>
                <Button variant="secondary" data-testid="import-choose">
                  {intl.formatMessage(view.fileName ? m.chooseOther : m.choose)}
                </Button>
              </FileTrigger>
              <span className="muted" data-testid="import-file-name" aria-live="polite">
                {view.fileName ? intl.formatMessage(mv.chosen, { name: view.fileName }) : intl.formatMessage(m.noFile)}
              </span>
            </div>
            {view.problem && (
              <p className="ui-field__error" role="alert" data-testid="import-problem">
                {intl.formatMessage(problems[view.problem])}
              </p>
            )}
            <FormError>{failureText(intl, view.failure)}</FormError>
            <div className="form-actions form-actions--end">
              <Button variant="secondary" onPress={() => close(false)}>
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button isDisabled={!view.canSubmit} onPress={() => send({ type: 'SUBMIT' })} data-testid="import-submit">
                {intl.formatMessage(view.failure ? m.retry : m.submit)}
              </Button>
            </div>
          </>
        )}
        {view.isUploading && (
          <div className="import-progress">
            <Spinner aria-label={intl.formatMessage(m.uploading)} />
            <span>{intl.formatMessage(m.uploading)}</span>
            <Button variant="secondary" size="sm" onPress={() => send({ type: 'CANCEL' })}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        )}
        {view.report && (
          <>
            <Banner variant="success" title={intl.formatMessage(m.done)} role="status">
              <ul className="import-report" data-testid="import-report">
                <li>{intl.formatMessage(mv.created, { count: view.report.created_count })}</li>
                <li>{intl.formatMessage(mv.enrolled, { count: view.report.enrolled_count })}</li>
                <li>{intl.formatMessage(mv.skipped, { count: view.report.skipped_count })}</li>
              </ul>
            </Banner>
            {view.report.skipped.length > 0 && (
              <div className="table-scroll import-skipped">
                <table className="data-table" data-testid="import-skipped">
                  <caption className="import-skipped__caption">
                    {view.report.skipped_count > view.report.skipped.length
                      ? intl.formatMessage(mv.skippedFirst, { count: view.report.skipped.length })
                      : intl.formatMessage(m.skippedTitle)}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="data-table__num">
                        {intl.formatMessage(m.colLine)}
                      </th>
                      <th scope="col">{intl.formatMessage(m.colReason)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.report.skipped.map((line) => (
                      <tr key={line.line}>
                        <td className="data-table__num">{line.line}</td>
                        <td>{line.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="form-actions form-actions--end">
              <Button variant="secondary" onPress={() => send({ type: 'RESET' })}>
                {intl.formatMessage(m.another)}
              </Button>
              <Button onPress={() => close(false)} data-testid="import-close">
                {intl.formatMessage(m.close)}
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
