import { useIntl } from 'react-intl';
import { schoolPath } from '../../../shared/schoolPaths';
import { LearnerAuthActor, useSchool } from '../../app/school';
import { Banner } from '../../components/ui/Banner';
import { ButtonLink } from '../../components/ui/Link';
import { schoolMessages as m, schoolNamedMessages as named } from './schoolMessages';

/** A school's home: its name, the way in (or to the account), and a plain word on the catalogue to come. */
export function SchoolHomePage() {
  const intl = useIntl();
  const school = useSchool();
  const learner = LearnerAuthActor.useSelector((s) => (s.matches('signedIn') ? s.context.learner : null));
  return (
    <section className="auth-card" aria-labelledby="school-home-title">
      <h1 id="school-home-title">{intl.formatMessage(named.homeTitle, { name: school.name })}</h1>
      <p className="auth-card__lead">{learner ? intl.formatMessage(named.homeGreeting, { name: learner.display_name }) : intl.formatMessage(m.homeLead)}</p>
      <div className="school-actions">
        {learner ? (
          <ButtonLink href={schoolPath(school.subdomain, 'account')} data-testid="school-account-link">
            {intl.formatMessage(m.myAccount)}
          </ButtonLink>
        ) : (
          <>
            <ButtonLink href={schoolPath(school.subdomain, 'login')} data-testid="school-login-link">
              {intl.formatMessage(m.signIn)}
            </ButtonLink>
            {school.registration_open && (
              <ButtonLink variant="secondary" href={schoolPath(school.subdomain, 'register')} data-testid="school-register-link">
                {intl.formatMessage(m.createAccount)}
              </ButtonLink>
            )}
          </>
        )}
      </div>
      <Banner variant="info" role="none">
        {intl.formatMessage(m.catalogueSoon)}
      </Banner>
    </section>
  );
}
