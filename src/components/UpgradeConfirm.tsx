import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { PLAN_PAGE } from './PlanLock';
import { ConfirmDialog } from './ui/Dialog';

const messages = defineMessages({
  confirmTitle: { id: 'planLock.confirmTitle', defaultMessage: 'Passer à une offre supérieure ?' },
  confirmBody: { id: 'planLock.confirmBody', defaultMessage: 'Cette fonctionnalité nécessite une offre supérieure. Voulez-vous voir les offres ?' },
  confirm: { id: 'planLock.confirm', defaultMessage: 'Voir les offres' },
  cancel: { id: 'planLock.cancel', defaultMessage: 'Plus tard' },
});

/** The upgrade confirm dialog: "this feature needs a higher plan"; confirming opens the plan page. */
export function UpgradeConfirm({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={intl.formatMessage(messages.confirmTitle)}
      confirmLabel={intl.formatMessage(messages.confirm)}
      cancelLabel={intl.formatMessage(messages.cancel)}
      onConfirm={() => void navigate(PLAN_PAGE)}
    >
      {intl.formatMessage(messages.confirmBody)}
    </ConfirmDialog>
  );
}

/** Local open/closed state of the upgrade dialog: presentational, so it stays in the component. */
export function useUpgradeConfirm() {
  const [isOpen, setOpen] = useState(false);
  return { isOpen, open: () => setOpen(true), onOpenChange: setOpen };
}
