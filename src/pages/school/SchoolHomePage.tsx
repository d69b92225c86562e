import { useIntl } from 'react-intl';
import { schoolPath } from '../../../shared/schoolPaths';
import { useLearnerStatus, useSchool } from '../../app/school';
import { useSchoolTitle } from './catalogueParts';
import { CatalogueSections } from './SchoolCataloguePage';
import { SchoolButtonLink as ButtonLink } from './plainControls';
import { schoolMessages as m, schoolNamedMessages as named } from './schoolMessages';

/** A school's home: a welcome (the way in, or to the account), then its catalogue. */
export function SchoolHomePage() {
  const intl = useIntl();
  const school = useSchool();
  useSchoolTitle(null, school.seo_data.title || school.name);
  const { learner } = useLearnerStatus();
  return (
    <section className="school-store" aria-labelledby="school-home-title">
      <header className="school-hero">
        <h1 id="school-home-title">{school.home.title || intl.formatMessage(named.homeTitle, { name: school.name })}</h1>
        {/* The store's own welcome (customisation, Pages) is plain text; its line breaks are kept. */}
        <p className="school-hero__lead school-hero__lead--text" data-testid="school-home-lead">
          {learner
            ? intl.formatMessage(named.homeGreeting, { name: learner.display_name })
            : school.home.welcome || school.seo_data.description || intl.formatMessage(m.homeBrowse)}
        </p>
        <div className="school-hero__actions">
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
      </header>
      <CatalogueSections headingLevel={2} />
    </section>
  );
}
