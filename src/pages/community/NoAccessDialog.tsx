import { defineMessages, useIntl } from 'react-intl';
import { Lock } from 'lucide-react';
import { Modal } from '../../components/ui/Dialog';
import { commonMessages } from '../../i18n/commonMessages';

const m = defineMessages({
  title: { id: 'community.noAccess.title', defaultMessage: 'Accès réservé' },
  body: { id: 'community.noAccess.body', defaultMessage: 'Vous n’avez pas accès à cet espace. Contactez le formateur pour le rejoindre.' },
});

/** Shown when an inaccessible space of the menu is clicked. */
export function NoAccessDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={intl.formatMessage(m.title)} closeLabel={intl.formatMessage(commonMessages.close)} size="sm">
      <p className="community-no-access" data-testid="community-no-access">
        <Lock size={18} aria-hidden="true" /> {intl.formatMessage(m.body)}
      </p>
    </Modal>
  );
}
