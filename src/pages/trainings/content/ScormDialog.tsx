import { useIntl } from 'react-intl';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { Modal } from '../../../components/ui/Dialog';
import { commonMessages } from '../../../i18n/commonMessages';
import { contentMessages as m } from './contentMessages';

/** "Ajouter un SCORM" (upload wiring comes with the shared upload machine). */
export function ScormDialog({ onClose }: { trainingUuid: string; section: TrainingItemNode; onClose: () => void; onUploaded: () => void }) {
  const intl = useIntl();
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={intl.formatMessage(m.scormTitle)} closeLabel={intl.formatMessage(commonMessages.close)} size="sm">
      <p>{intl.formatMessage(m.scormLead)}</p>
    </Modal>
  );
}
