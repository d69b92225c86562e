import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { downloadMyInvoice, myInvoicesQuery } from '../../api/myInvoicesApi';
import { updateLearnerMe, type LearnerProfileUpdate } from '../../api/schoolApi';
import { useSchool } from '../../app/school';
import { LearnerAuthActor } from '../../app/schoolAuth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { InvoiceList } from '../../components/invoices/InvoiceList';
import { Form, FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { ButtonLink } from '../../components/ui/Link';
import { TextField } from '../../components/ui/TextField';
import { schoolPath } from '../../../shared/schoolPaths';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages } from '../auth/authMessages';
import { schoolMessages as m } from './schoolMessages';

/** "Mes factures": the invoices and credit notes of the learner's payments in this school, each as a PDF. */
function MyInvoices({ subdomain }: { subdomain: string }) {
  const intl = useIntl();
  const list = useQuery(myInvoicesQuery(subdomain));
  return (
    <div className="school-account__section" data-testid="learner-invoices">
      <h2>{intl.formatMessage(m.invoicesTitle)}</h2>
      {list.isPending ? (
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      ) : list.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.invoicesFailed)}</Banner>
      ) : list.data.data.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.invoicesNone)}</p>
      ) : (
        <InvoiceList invoices={list.data.data} download={(invoice, signal) => downloadMyInvoice(subdomain, invoice.id, signal)} />
      )}
    </div>
  );
}

/** `/ecole/:subdomain/mon-compte`: who is signed in, the activation reminder, the profile, the invoices, the way out. */
export function LearnerAccountPage() {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const auth = LearnerAuthActor.useActorRef();
  const learner = LearnerAuthActor.useSelector((s) => s.context.learner);
  const isLoggingOut = LearnerAuthActor.useSelector((s) => s.matches('loggingOut'));
  const request = useRequest(async (body: LearnerProfileUpdate, signal) => {
    auth.send({ type: 'USER_UPDATED', learner: await updateLearnerMe(subdomain, body, signal) });
  });
  if (!learner) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.submit({
      firstname: String(data.get('firstname') ?? '').trim(),
      lastname: String(data.get('lastname') ?? '').trim() || null,
      locale: data.get('locale') === 'en' ? 'en' : 'fr',
    });
  };
  return (
    <section className="auth-card" aria-labelledby="learner-account-title">
      <h1 id="learner-account-title">{intl.formatMessage(m.accountTitle)}</h1>
      <p className="school-account__identity" data-testid="learner-identity">
        <strong>{learner.display_name}</strong>
        <br />
        {learner.email}
      </p>
      <ButtonLink href={schoolPath(subdomain, 'myTrainings')} variant="secondary" data-testid="learner-my-trainings">
        {intl.formatMessage(m.myTrainingsLink)}
      </ButtonLink>
      {!learner.activated && (
        <Banner variant="warning" data-testid="learner-to-activate">
          {intl.formatMessage(m.accountToActivate)}
        </Banner>
      )}
      <div className="school-account__section">
        <h2>{intl.formatMessage(m.profileTitle)}</h2>
        <Form className="auth-card__form" onSubmit={onSubmit} data-testid="learner-profile-form">
          <FormError>{failureText(intl, request.error, ['firstname', 'lastname', 'locale'])}</FormError>
          {request.hasSucceeded && (
            <Banner variant="success" role="status">
              {intl.formatMessage(m.saved)}
            </Banner>
          )}
          <TextField
            name="firstname"
            autoComplete="given-name"
            label={intl.formatMessage(authMessages.firstname)}
            defaultValue={learner.firstname ?? ''}
            isRequired
            maxLength={64}
            errorMessage={fieldErrors(request.error, 'firstname')}
          />
          <TextField name="lastname" autoComplete="family-name" label={intl.formatMessage(m.lastname)} defaultValue={learner.lastname ?? ''} maxLength={64} errorMessage={fieldErrors(request.error, 'lastname')} />
          {/* The learner's language: their e-mails from this school, and the learner area's language once saved. */}
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(m.learnerLanguage)}</span>
            <select name="locale" defaultValue={learner.locale} className="native-field__select" data-testid="learner-locale">
              <option value="fr">{intl.formatMessage(commonMessages.french)}</option>
              <option value="en">{intl.formatMessage(commonMessages.english)}</option>
            </select>
          </label>
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)}>
            {intl.formatMessage(m.save)}
          </Button>
        </Form>
      </div>
      <MyInvoices subdomain={subdomain} />
      <div className="school-account__section">
        <Button variant="secondary" onPress={() => auth.send({ type: 'LOGOUT' })} isPending={isLoggingOut} pendingLabel={intl.formatMessage(m.loggingOut)} data-testid="learner-logout">
          {intl.formatMessage(m.logout)}
        </Button>
      </div>
    </section>
  );
}
