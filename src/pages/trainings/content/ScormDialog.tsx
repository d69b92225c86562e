import { useIntl } from 'react-intl';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { ScormUploadField } from '../../../components/upload/ScormUploadField';
import { Modal } from '../../../components/ui/Dialog';
import { showToast } from '../../../components/ui/toastQueue';
import { commonMessages } from '../../../i18n/commonMessages';
import { contentMessages as m } from './contentMessages';

/**
 * "Ajouter un SCORM" into a section (EXPERT plan: the tree offers the upgrade instead below it). The shared
 * upload field sends the .zip as one multipart form with a progress bar and shows the server's refusals (not a
 * zip, corrupt, too large, no manifest) with Retry; the package's own title names the item.
 */
export function ScormDialog({ trainingUuid, section, onClose, onUploaded }: { trainingUuid: string; section: TrainingItemNode; onClose: () => void; onUploaded: () => void }) {
  const intl = useIntl();
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={intl.formatMessage(m.scormTitle)} closeLabel={intl.formatMessage(commonMessages.close)} size="md">
      <div className="stack" data-testid="scorm-dialog">
        <p>{intl.formatMessage(m.scormLead, { section: section.name })}</p>
        <ScormUploadField
          trainingUuid={trainingUuid}
          parentId={section.id}
          label={intl.formatMessage(m.scormField)}
          onCreated={(item) => {
            showToast({ title: intl.formatMessage(m.scormDone, { name: item.name }), variant: 'success' });
            onUploaded();
          }}
        />
      </div>
    </Modal>
  );
}
