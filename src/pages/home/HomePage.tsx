import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthActor } from '../../app/auth';
import { useViewer } from '../../app/RouteGuard';
import { AdvantageCards } from './advantages/AdvantageCards';
import { OnboardingChecklist } from './checklist/OnboardingChecklist';
import { AnnouncementModal } from './onboarding/AnnouncementModal';
import { PhoneCard } from './onboarding/PhoneCard';
import { QuestionnaireModal } from './questionnaire/QuestionnaireModal';
import { Card } from '../../components/ui/Card';
import { TextLink } from '../../components/ui/Link';
import { planMessages, roleMessages } from '../../i18n/planMessages';
import '../pages.css';

const welcome = defineMessage<{ firstname: string }>({ id: 'home.welcome', defaultMessage: 'Bonjour {firstname} !' });

const messages = defineMessages({
  lead: { id: 'home.lead', defaultMessage: 'Bienvenue dans votre espace formateur.' },
  storeTitle: { id: 'home.storeTitle', defaultMessage: 'Votre espace' },
  address: { id: 'home.address', defaultMessage: 'Adresse' },
  plan: { id: 'home.plan', defaultMessage: 'Offre' },
  role: { id: 'home.role', defaultMessage: 'Votre rôle' },
  accountTitle: { id: 'home.accountTitle', defaultMessage: 'Votre compte' },
  editProfile: { id: 'home.editProfile', defaultMessage: 'Modifier mon profil' },
  changePassword: { id: 'home.changePassword', defaultMessage: 'Changer mon mot de passe' },
});

export function HomePage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = AuthActor.useSelector((s) => s.context.user);
  const viewer = useViewer();
  // Owners meet the questionnaire after sign-up (?questionnaire=1) and as long as it is unanswered. Decided
  // when the page opens: saving the answers must not whisk away the thank-you screen.
  const [questionnaire, setQuestionnaire] = useState(() =>
    user && user.role === 'OWNER' ? { answered: user.store.onboarding_questions !== null, open: user.store.onboarding_questions === null || search.get('questionnaire') === '1' } : null,
  );
  if (!user || !viewer) return null;
  // The checklist's steps are settings only owners and admins can change (spec section 6).
  const managesStore = viewer.isAdmin || user.role === 'OWNER' || user.role === 'ADMIN';
  return (
    <>
      {questionnaire?.open && (
        <QuestionnaireModal
          storeUuid={user.store.uuid}
          answered={questionnaire.answered}
          onDone={() => {
            setQuestionnaire(null);
            void navigate('/', { replace: true });
          }}
        />
      )}
      <header className="page-header">
        <h1 className="page-title" data-testid="home-welcome">
          {intl.formatMessage(welcome, { firstname: user.firstname })}
        </h1>
        <p className="page-lead">{intl.formatMessage(messages.lead)}</p>
      </header>
      {user.role === 'OWNER' && <PhoneCard storeUuid={user.store.uuid} plan={user.store.plan} phone={user.store.owner_phone} />}
      <AnnouncementModal role={user.role} plan={user.store.plan} inOnboarding={Boolean(questionnaire?.open)} />
      {managesStore && <OnboardingChecklist storeUuid={user.store.uuid} viewer={viewer} />}
      <div className="card-grid">
        <Card title={intl.formatMessage(messages.storeTitle)}>
          <dl className="facts">
            <dt>{intl.formatMessage(messages.address)}</dt>
            <dd>{user.store.subdomain}</dd>
            <dt>{intl.formatMessage(messages.plan)}</dt>
            <dd>{intl.formatMessage(planMessages[user.store.plan])}</dd>
            <dt>{intl.formatMessage(messages.role)}</dt>
            <dd>{intl.formatMessage(roleMessages[user.role])}</dd>
          </dl>
        </Card>
        <Card title={intl.formatMessage(messages.accountTitle)}>
          <ul className="link-list">
            <li>
              <TextLink href="/mon-compte">{intl.formatMessage(messages.editProfile)}</TextLink>
            </li>
            <li>
              <TextLink href="/mon-compte/securite">{intl.formatMessage(messages.changePassword)}</TextLink>
            </li>
          </ul>
        </Card>
      </div>
      <AdvantageCards viewer={viewer} capabilities={user.store.enterprise_capabilities} />
    </>
  );
}
