import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { downloadActivityLog, downloadAttendanceCertificate, downloadQualiopiEvidence } from '../../api/evidenceApi';
import { failureText } from '../../app/failureText';
import { saveFile } from '../../app/saveFile';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';

const m = defineMessages({
  title: { id: 'customers.documents.title', defaultMessage: 'Documents' },
  attendance: { id: 'customers.documents.attendance', defaultMessage: 'Attestation d’assiduité (PDF)' },
  qualiopi: { id: 'customers.documents.qualiopi', defaultMessage: 'Preuves Qualiopi (ZIP)' },
  log: { id: 'customers.documents.log', defaultMessage: 'Journal d’activité (CSV)' },
});
const failed = defineMessage<{ message: string }>({ id: 'customers.documents.failed', defaultMessage: 'Le document n’a pas pu être téléchargé : {message}' });

type Kind = 'attendance' | 'qualiopi' | 'log';
const ALL_KINDS: readonly Kind[] = ['attendance', 'qualiopi', 'log'];

/**
 * A learner's paperwork for one training: attendance certificate, Qualiopi evidence, activity log. Shown on the
 * customer page's training rows and in a training's learners tab (there without the log, which the contract
 * keeps to the roles that read customers).
 */
export function TrainingDocuments({ storeUuid, customerUuid, trainingUuid, kinds = ALL_KINDS }: { storeUuid: string; customerUuid: string; trainingUuid: string; kinds?: readonly Kind[] }) {
  const intl = useIntl();
  const download = useRequest(async (kind: Kind, signal) => {
    if (kind === 'attendance') saveFile(await downloadAttendanceCertificate(trainingUuid, customerUuid, signal), 'attestation-assiduite.pdf');
    else if (kind === 'qualiopi') saveFile(await downloadQualiopiEvidence(trainingUuid, customerUuid, signal), 'preuves-qualiopi.zip');
    else saveFile(await downloadActivityLog(storeUuid, customerUuid, trainingUuid, signal), 'journal-activite.csv');
  });
  return (
    <div className="stack" data-testid="customer-training-documents">
      <div className="form-actions" role="group" aria-label={intl.formatMessage(m.title)}>
        {kinds.map((kind) => (
          <Button key={kind} size="sm" variant="secondary" onPress={() => download.submit(kind)} isDisabled={download.isSubmitting} data-testid={`document-${kind}`}>
            {intl.formatMessage(m[kind])}
          </Button>
        ))}
      </div>
      {download.error && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(failed, { message: failureText(intl, download.error) ?? '' })}
        </Banner>
      )}
    </div>
  );
}
