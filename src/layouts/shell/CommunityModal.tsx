import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Viewer } from '../../app/access';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Dialog';
import { PLAN_PAGE } from '../../components/PlanLock';
import { commonMessages } from '../../i18n/commonMessages';

const messages = defineMessages({
  title: { id: 'communityModal.title', defaultMessage: 'Lancez votre communauté' },
  body: {
    id: 'communityModal.body',
    defaultMessage: 'Réunissez vos apprenants dans des espaces de discussion, publiez des actualités et animez des forums, sans outil externe.',
  },
  needsPlan: { id: 'communityModal.needsPlan', defaultMessage: "La communauté est incluse à partir de l'offre Pro." },
  seePlans: { id: 'communityModal.seePlans', defaultMessage: 'Voir les offres' },
  launch: { id: 'communityModal.launch', defaultMessage: 'Lancer ma communauté' },
  notManager: { id: 'communityModal.notManager', defaultMessage: "Demandez au propriétaire de l'espace d'activer la communauté." },
});

/**
 * Shown when the community cannot open yet (plan without recurring billing, or community off).
 * Then: community onboarding if the plan allows it, else the plan page.
 */
export function CommunityModal({ isOpen, onOpenChange, viewer }: { isOpen: boolean; onOpenChange: (open: boolean) => void; viewer: Viewer }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const planAllows = viewer.plan === 'PRO' || viewer.plan === 'EXPERT' || viewer.isAdmin;
  const canManage = viewer.role === 'OWNER' || viewer.role === 'ADMIN' || viewer.isAdmin;
  const go = (to: string) => {
    onOpenChange(false);
    void navigate(to);
  };
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={intl.formatMessage(messages.title)} closeLabel={intl.formatMessage(commonMessages.close)}>
      <div className="stack" data-testid="community-modal">
        <p>{intl.formatMessage(messages.body)}</p>
        {!canManage ? (
          <p>{intl.formatMessage(messages.notManager)}</p>
        ) : planAllows ? (
          <div>
            <Button onPress={() => go('/communaute/demarrage')}>{intl.formatMessage(messages.launch)}</Button>
          </div>
        ) : (
          <>
            <p>{intl.formatMessage(messages.needsPlan)}</p>
            <div>
              <Button onPress={() => go(PLAN_PAGE)}>{intl.formatMessage(messages.seePlans)}</Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
