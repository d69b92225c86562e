import { useIntl } from 'react-intl';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { ScormUploadField } from '../../../components/upload/ScormUploadField';
import { Modal } from '../../../components/ui/Dialog';
import { commonMessages } from '../../../i18n/commonMessages';
import { contentMessages as m } from './contentMessages';

/**
 * "Ajouter un SCORM" into a section (EXPERT plan: the tree offers the upgrade instead below it). The shared
 * upload field sends the .zip as one multipart form with a progress bar and shows the server's refusals (not a
 * zip, corrupt, too large, no manifest) with Retry; the package's own title names the item. Opened and closed by
 * machines/treeDialogs (SCORM_ADDED once the item exists).
 */
export function ScormDialog({ trainingUuid, section, onClose, onAdded }: { trainingUuid: string; section: TrainingItemNode | null; onClose: () => void; onAdded: (name: string) => void }) {
  const intl = useIntl();
  if (!section) return null;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={intl.formatMessage(m.scormTitle)} closeLabel={intl.formatMessage(commonMessages.close)} size="md">
      <div className="stack" data-testid="scorm-dialog">
        <p>{intl.formatMessage(m.scormLead, { section: section.name })}</p>
        <ScormUploadField
          trainingUuid={trainingUuid}
          parentId={section.id}
          label={intl.formatMessage(m.scormField)}
          onCreated={(item) => onAdded(item.name)}
        />
      </div>
    </Modal>
  );
}
