import { defineMessages, useIntl } from 'react-intl';
import { Modal, ConfirmDialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/Form';
import { commonMessages } from '../../i18n/commonMessages';
import { failureText } from '../../app/failureText';
import { useCommunityActivation } from './useCommunityActivation';

const m = defineMessages({
  title: { id: 'community.settings.title', defaultMessage: 'Paramètres de la communauté' },
  enabled: { id: 'community.settings.enabled', defaultMessage: 'La communauté est activée : vos apprenants y accèdent depuis leur espace.' },
  disable: { id: 'community.settings.disable', defaultMessage: 'Désactiver la communauté' },
  confirmTitle: { id: 'community.settings.confirmTitle', defaultMessage: 'Désactiver la communauté ?' },
  confirmBody: {
    id: 'community.settings.confirmBody',
    defaultMessage: 'Plus personne n’y aura accès, ni votre équipe ni vos apprenants. Ses espaces et publications sont conservés.',
  },
  confirm: { id: 'community.settings.confirm', defaultMessage: 'Désactiver' },
  disabling: { id: 'community.settings.disabling', defaultMessage: 'Désactivation…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
});

/** Community settings (managers): the community can be switched off, after confirming nobody will have access. */
export function CommunitySettingsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  const activation = useCommunityActivation();
  return (
    <>
      <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={intl.formatMessage(m.title)} closeLabel={intl.formatMessage(commonMessages.close)}>
        <div className="stack" data-testid="community-settings">
          <p>{intl.formatMessage(m.enabled)}</p>
          <div>
            <Button
              variant="danger"
              onPress={() => {
                onOpenChange(false);
                activation.send({ type: 'ASK_DISABLE' });
              }}
              data-testid="community-disable"
            >
              {intl.formatMessage(m.disable)}
            </Button>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        isOpen={activation.confirmOpen}
        onOpenChange={(open) => !open && !activation.isDisabling && activation.send({ type: 'CLOSE' })}
        title={intl.formatMessage(m.confirmTitle)}
        confirmLabel={intl.formatMessage(m.confirm)}
        cancelLabel={intl.formatMessage(m.cancel)}
        variant="danger"
        isPending={activation.isDisabling}
        pendingLabel={intl.formatMessage(m.disabling)}
        closeOnConfirm={false}
        onConfirm={() => activation.send({ type: 'CONFIRM' })}
      >
        <div className="stack">
          <p>{intl.formatMessage(m.confirmBody)}</p>
          <FormError>{failureText(intl, activation.failure)}</FormError>
        </div>
      </ConfirmDialog>
    </>
  );
}
