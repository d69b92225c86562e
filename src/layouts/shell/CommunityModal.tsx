import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/Form';
import { PLAN_PAGE } from '../../components/PlanLock';
import { commonMessages } from '../../i18n/commonMessages';
import { failureText } from '../../app/failureText';
import type { useCommunityActivation } from '../../pages/community/useCommunityActivation';

const messages = defineMessages({
  title: { id: 'communityModal.title', defaultMessage: 'Lancez votre communauté' },
  body: {
    id: 'communityModal.body',
    defaultMessage: 'Réunissez vos apprenants dans des espaces de discussion, publiez des actualités et animez des forums, sans outil externe.',
  },
  needsPlan: { id: 'communityModal.needsPlan', defaultMessage: "La communauté est incluse à partir de l'offre Pro." },
  seePlans: { id: 'communityModal.seePlans', defaultMessage: 'Voir les offres' },
  launch: { id: 'communityModal.launch', defaultMessage: 'Lancer ma communauté' },
  launching: { id: 'communityModal.launching', defaultMessage: 'Activation…' },
  notManager: { id: 'communityModal.notManager', defaultMessage: "Demandez au propriétaire de l'espace d'activer la communauté." },
});

/**
 * The activation modal (machines/communityActivation), shown when the community cannot open yet: "Lancer ma
 * communauté" really switches it on, then community onboarding opens; below PRO it offers the plans.
 */
export function CommunityModal({ activation }: { activation: ReturnType<typeof useCommunityActivation> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const close = () => activation.send({ type: 'CLOSE' });
  return (
    <Modal
      isOpen={activation.modalOpen}
      onOpenChange={(open) => !open && !activation.isEnabling && close()}
      title={intl.formatMessage(messages.title)}
      closeLabel={intl.formatMessage(commonMessages.close)}
    >
      <div className="stack" data-testid="community-modal">
        <p>{intl.formatMessage(messages.body)}</p>
        <FormError>{failureText(intl, activation.failure)}</FormError>
        {activation.offer === 'askOwner' ? (
          <p>{intl.formatMessage(messages.notManager)}</p>
        ) : activation.offer === 'launch' ? (
          <div>
            <Button onPress={() => activation.send({ type: 'ENABLE' })} isPending={activation.isEnabling} pendingLabel={intl.formatMessage(messages.launching)} data-testid="community-launch">
              {intl.formatMessage(messages.launch)}
            </Button>
          </div>
        ) : (
          <>
            <p>{intl.formatMessage(messages.needsPlan)}</p>
            <div>
              <Button
                onPress={() => {
                  close();
                  void navigate(PLAN_PAGE);
                }}
              >
                {intl.formatMessage(messages.seePlans)}
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
