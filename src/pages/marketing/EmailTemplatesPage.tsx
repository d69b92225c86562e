import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { emailTemplatesQuery, refreshEmailTemplates, updateEmailTemplate, type EmailTemplate, type EmailTemplateInput } from '../../api/emailTemplatesApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { ListStates } from '../../components/ui/ListStates';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import { RICH_TEXT_TOOLS } from '../../editor/tools';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './marketing.css';

// ProseMirror comes in its own chunk, as on the other editors' pages.
const RichTextEditor = lazy(() => import('../../components/RichTextEditor'));

const BODY_MAX_LENGTH = 20_000;

const m = defineMessages({
  title: { id: 'emailTemplates.title', defaultMessage: 'E-mails automatiques' },
  lead: {
    id: 'emailTemplates.lead',
    defaultMessage: 'Accueillez vos apprenants et relancez ceux qui décrochent, sans y penser. Chaque apprenant reçoit chaque e-mail une seule fois, et peut s’en désinscrire.',
  },
  tabs: { id: 'emailTemplates.tabs', defaultMessage: 'E-mails automatiques' },
  failed: { id: 'emailTemplates.failed', defaultMessage: 'Les e-mails automatiques n’ont pas pu être chargés.' },
  noMatch: { id: 'emailTemplates.noMatch', defaultMessage: 'Aucun e-mail.' },
  emptyTitle: { id: 'emailTemplates.emptyTitle', defaultMessage: 'Aucun e-mail automatique' },
  emptyBody: { id: 'emailTemplates.emptyBody', defaultMessage: 'Rechargez la page pour les retrouver.' },
  enabled: { id: 'emailTemplates.enabled', defaultMessage: 'Envoyer cet e-mail' },
  on: { id: 'emailTemplates.on', defaultMessage: 'Activé' },
  off: { id: 'emailTemplates.off', defaultMessage: 'Désactivé' },
  subject: { id: 'emailTemplates.subject', defaultMessage: 'Objet' },
  body: { id: 'emailTemplates.body', defaultMessage: 'Message' },
  placeholders: {
    id: 'emailTemplates.placeholders',
    defaultMessage: "Variables remplacées à l’envoi : '{{firstname}}' (prénom), '{{lastname}}' (nom), '{{training}}' (formation), '{{school}}' (votre école), '{{login_url}}' (lien vers ses formations). Le lien de désinscription est ajouté à la fin.",
  },
  save: { id: 'emailTemplates.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'emailTemplates.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'emailTemplates.saved', defaultMessage: 'E-mail enregistré.' },
  loading: { id: 'emailTemplates.loading', defaultMessage: 'Chargement de l’éditeur…' },
});

/** Each automation's tab name and when it leaves (the server's rules, see listEmailTemplates in the contract). */
const automations = {
  WELCOME: defineMessages({
    tab: { id: 'emailTemplates.WELCOME.tab', defaultMessage: 'Bienvenue' },
    when: { id: 'emailTemplates.WELCOME.when', defaultMessage: 'Envoyé dans la minute qui suit l’inscription d’un apprenant à une formation (inscriptions faites après l’activation).' },
  }),
  NO_RECENT_CONNECTION_1: defineMessages({
    tab: { id: 'emailTemplates.NO_RECENT_CONNECTION_1.tab', defaultMessage: 'Relance à 7 jours' },
    when: { id: 'emailTemplates.NO_RECENT_CONNECTION_1.when', defaultMessage: 'Envoyé à un apprenant qui ne s’est pas connecté depuis 7 jours (comptés au plus tôt depuis l’activation).' },
  }),
  NO_RECENT_CONNECTION_2: defineMessages({
    tab: { id: 'emailTemplates.NO_RECENT_CONNECTION_2.tab', defaultMessage: 'Relance à 30 jours' },
    when: { id: 'emailTemplates.NO_RECENT_CONNECTION_2.when', defaultMessage: 'Envoyé à un apprenant qui ne s’est pas connecté depuis 30 jours (comptés au plus tôt depuis l’activation).' },
  }),
} satisfies Record<string, { tab: MessageDescriptor; when: MessageDescriptor }>;
const automationOf = (key: string) => automations[key as keyof typeof automations];

/** /marketing/emails?onglet=WELCOME: one tab per automatic e-mail; each keeps its unsaved edits while another is shown. */
export function EmailTemplatesPage() {
  const intl = useIntl();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');
  const list = useQuery({ ...emailTemplatesQuery(storeUuid), enabled: Boolean(storeUuid) });
  const [params, setParams] = useSearchParams();
  const templates = (list.data?.data ?? []).filter((template) => automationOf(template.key));
  const asked = params.get('onglet');
  const selected = templates.some((template) => template.key === asked) ? asked! : (templates[0]?.key ?? '');
  const select = (key: Key) => setParams((current) => ({ ...Object.fromEntries(current), onglet: String(key) }), { replace: true });

  return (
    <div className="page email-templates-page" data-testid="email-templates-page">
      <header>
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <ListStates query={list} isEmpty={templates.length === 0} isFiltered={false} testId="email-templates" messages={m}>
        <Tabs selectedKey={selected} onSelectionChange={select} className="marketing-tabs">
          <TabList aria-label={intl.formatMessage(m.tabs)} className="marketing-tabs__list">
            {templates.map((template) => (
              <Tab key={template.key} id={template.key} className="marketing-tabs__tab" data-testid={`email-tab-${template.key}`}>
                {intl.formatMessage(automationOf(template.key).tab)}
                <span className={template.enabled ? 'pill pill--success' : 'pill'}>{intl.formatMessage(template.enabled ? m.on : m.off)}</span>
              </Tab>
            ))}
          </TabList>
          {templates.map((template) => (
            <TabPanel key={template.key} id={template.key} shouldForceMount className="marketing-tabs__panel">
              <TemplateForm storeUuid={storeUuid} template={template} />
            </TabPanel>
          ))}
        </Tabs>
      </ListStates>
    </div>
  );
}

/** One automatic e-mail: the fields stay as typed when the server refuses them (its messages at each field). */
function TemplateForm({ storeUuid, template }: { storeUuid: string; template: EmailTemplate }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(template.enabled);
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const request = useRequest(async (input: EmailTemplateInput, signal) => {
    await updateEmailTemplate(storeUuid, template.id, input, signal);
    showToast({ title: intl.formatMessage(m.saved), variant: 'success' });
    await refreshEmailTemplates(queryClient, storeUuid);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit({ enabled, subject, body });
  };
  const automation = automationOf(template.key);
  return (
    <Card>
      <Form className="stack" onSubmit={onSubmit} data-testid={`email-form-${template.key}`}>
        <p className="muted">{intl.formatMessage(automation.when)}</p>
        <FormError>{failureText(intl, request.error, ['subject', 'body', 'enabled'])}</FormError>
        <Checkbox isSelected={enabled} onChange={setEnabled} isDisabled={request.isSubmitting}>
          {intl.formatMessage(m.enabled)}
        </Checkbox>
        <TextField
          name="subject"
          label={intl.formatMessage(m.subject)}
          value={subject}
          onChange={(next) => {
            setSubject(next);
            if (request.error) request.clearError();
          }}
          isRequired
          maxLength={200}
          isDisabled={request.isSubmitting}
          errorMessage={fieldErrors(request.error, 'subject')}
        />
        <Suspense fallback={<Spinner aria-label={intl.formatMessage(m.loading)} />}>
          <RichTextEditor
            label={intl.formatMessage(m.body)}
            description={intl.formatMessage(m.placeholders)}
            tools={RICH_TEXT_TOOLS.description}
            value={body}
            onChange={setBody}
            maxLength={BODY_MAX_LENGTH}
            isDisabled={request.isSubmitting}
            errorMessage={fieldErrors(request.error, 'body')?.join(', ')}
          />
        </Suspense>
        <div>
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid={`email-save-${template.key}`}>
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

