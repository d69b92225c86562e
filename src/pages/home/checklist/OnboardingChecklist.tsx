import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button as AriaButton, Disclosure, DisclosureGroup, DisclosurePanel, Heading, type Key } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { CheckCircle2, ChevronDown, Circle } from 'lucide-react';
import { onboardingQuery } from '../../../api/storesApi';
import { canOpen, type Viewer } from '../../../app/access';
import { routeByName } from '../../../app/routes';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/Link';
import { percentOf, ProgressMeter } from '../../../components/ui/ProgressMeter';
import { Spinner } from '../../../components/ui/Spinner';
import { checklistHeader, milestoneTargets, type MilestoneKey } from './checklist';
import './checklist.css';

const m = defineMessages({
  title: { id: 'home.checklist.title', defaultMessage: 'Mise en route' },
  congratulation: { id: 'home.checklist.congratulation', defaultMessage: 'Bravo, votre espace est prêt ! Toutes les étapes sont terminées.' },
  expandAll: { id: 'home.checklist.expandAll', defaultMessage: 'Tout déplier' },
  collapseAll: { id: 'home.checklist.collapseAll', defaultMessage: 'Tout replier' },
  done: { id: 'home.checklist.done', defaultMessage: 'Terminé' },
  todo: { id: 'home.checklist.todo', defaultMessage: 'À faire' },
  loading: { id: 'home.checklist.loading', defaultMessage: 'Chargement de la mise en route…' },
  failed: { id: 'home.checklist.failed', defaultMessage: 'La mise en route n’a pas pu être chargée.' },
  retry: { id: 'home.checklist.retry', defaultMessage: 'Réessayer' },
});

const invitation = defineMessage<{ total: number }>({
  id: 'home.checklist.invitation',
  defaultMessage: 'Configurez votre espace en {total} étapes pour vendre votre première formation.',
});
const progress = defineMessage<{ done: number; total: number }>({ id: 'home.checklist.progress', defaultMessage: '{done} / {total} étapes terminées' });

const steps = defineMessages({
  SUBDOMAIN: { id: 'home.checklist.step.subdomain', defaultMessage: 'Choisir l’adresse de votre espace' },
  SUBDOMAIN_text: { id: 'home.checklist.step.subdomain.text', defaultMessage: 'Le sous-domaine est l’adresse où vos apprenants vous trouvent. Choisissez-en un court et facile à retenir.' },
  SUBDOMAIN_action: { id: 'home.checklist.step.subdomain.action', defaultMessage: 'Choisir mon adresse' },
  CUSTOMIZE: { id: 'home.checklist.step.customize', defaultMessage: 'Personnaliser votre espace' },
  CUSTOMIZE_text: { id: 'home.checklist.step.customize.text', defaultMessage: 'Ajoutez votre logo, vos couleurs et vos pages pour que votre école vous ressemble.' },
  CUSTOMIZE_action: { id: 'home.checklist.step.customize.action', defaultMessage: 'Personnaliser' },
  FIRST_TRAINING: { id: 'home.checklist.step.firstTraining', defaultMessage: 'Créer votre première formation' },
  FIRST_TRAINING_text: { id: 'home.checklist.step.firstTraining.text', defaultMessage: 'Donnez-lui un titre : vous ajouterez les chapitres et les leçons ensuite.' },
  FIRST_TRAINING_action: { id: 'home.checklist.step.firstTraining.action', defaultMessage: 'Créer une formation' },
  COMPANY: { id: 'home.checklist.step.company', defaultMessage: 'Renseigner votre entreprise' },
  COMPANY_text: { id: 'home.checklist.step.company.text', defaultMessage: 'Nom et adresse de votre structure apparaissent sur les factures et les documents de formation.' },
  COMPANY_action: { id: 'home.checklist.step.company.action', defaultMessage: 'Renseigner mon entreprise' },
  STRIPE: { id: 'home.checklist.step.stripe', defaultMessage: 'Configurer le paiement' },
  STRIPE_text: { id: 'home.checklist.step.stripe.text', defaultMessage: 'Connectez votre compte de paiement par carte pour encaisser vos ventes.' },
  STRIPE_action: { id: 'home.checklist.step.stripe.action', defaultMessage: 'Configurer le paiement' },
});
const stepText = (key: MilestoneKey, part: '' | '_text' | '_action') => steps[`${key}${part}` as keyof typeof steps] as MessageDescriptor;

/**
 * The onboarding checklist of the home page: five milestones the server computes from the store. Which steps are
 * open is the disclosure group's own presentational state (react-aria), not a flow.
 */
export function OnboardingChecklist({ storeUuid, viewer }: { storeUuid: string; viewer: Viewer }) {
  const intl = useIntl();
  const query = useQuery(onboardingQuery(storeUuid));
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());

  if (query.isPending) {
    return (
      <Card title={intl.formatMessage(m.title)}>
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={intl.formatMessage(m.title)}>
        <p role="alert">{intl.formatMessage(m.failed)}</p>
        <Button variant="secondary" onPress={() => void query.refetch()}>
          {intl.formatMessage(m.retry)}
        </Button>
      </Card>
    );
  }

  const milestones = query.data.data;
  const header = checklistHeader(milestones);
  const allKeys = milestones.map((milestone) => milestone.key);
  const allOpen = allKeys.every((key) => expanded.has(key));

  return (
    <Card
      title={intl.formatMessage(m.title)}
      className="checklist"
      actions={
        <Button variant="secondary" size="sm" onPress={() => setExpanded(allOpen ? new Set() : new Set(allKeys))} data-testid="checklist-toggle-all">
          {intl.formatMessage(allOpen ? m.collapseAll : m.expandAll)}
        </Button>
      }
    >
      <div className="checklist__header" data-testid="checklist-header" data-state={header.kind}>
        {header.kind === 'none' && <p>{intl.formatMessage(invitation, { total: header.total })}</p>}
        {header.kind === 'done' && <p className="checklist__congratulation">{intl.formatMessage(m.congratulation)}</p>}
        {header.kind === 'progress' && (
          <ProgressMeter value={header.done} max={header.total} label={intl.formatMessage(progress, { done: header.done, total: header.total })} className="checklist__progress">
            <div className="checklist__track" aria-hidden="true">
              <div className="checklist__fill" style={{ width: `${percentOf(header.done, header.total)}%` }} />
            </div>
          </ProgressMeter>
        )}
      </div>
      <DisclosureGroup allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={setExpanded} className="checklist__steps">
        {milestones.map((milestone) => {
          const target = milestoneTargets[milestone.key];
          const route = routeByName(target.route);
          return (
            <Disclosure key={milestone.key} id={milestone.key} className="checklist__step" data-testid={`checklist-step-${milestone.key}`} data-completed={milestone.completed}>
              <Heading level={3} className="checklist__step-heading">
                <AriaButton slot="trigger" className="checklist__step-trigger">
                  {milestone.completed ? (
                    <CheckCircle2 aria-hidden className="checklist__icon checklist__icon--done" size={20} />
                  ) : (
                    <Circle aria-hidden className="checklist__icon" size={20} />
                  )}
                  <span className="checklist__step-title">{intl.formatMessage(stepText(milestone.key, ''))}</span>
                  <span className="visually-hidden">{intl.formatMessage(milestone.completed ? m.done : m.todo)}</span>
                  <ChevronDown aria-hidden className="checklist__chevron" size={18} />
                </AriaButton>
              </Heading>
              <DisclosurePanel className="checklist__panel">
                <p>{intl.formatMessage(stepText(milestone.key, '_text'))}</p>
                {route && canOpen(route, viewer) && <TextLink href={target.href}>{intl.formatMessage(stepText(milestone.key, '_action'))}</TextLink>}
              </DisclosurePanel>
            </Disclosure>
          );
        })}
      </DisclosureGroup>
    </Card>
  );
}
