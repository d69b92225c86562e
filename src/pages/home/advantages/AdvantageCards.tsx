import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { ArrowRight, ExternalLink, Gem } from 'lucide-react';
import type { components } from '../../../api/schema.gen';
import type { Viewer } from '../../../app/access';
import { externalLinks } from '../../../app/externalLinks';
import { UpgradeConfirm, useUpgradeConfirm } from '../../../components/UpgradeConfirm';
import { Button } from '../../../components/ui/Button';
import { TextLink } from '../../../components/ui/Link';
import { visibleAdvantageCards, type AdvantageId } from './advantageCards';
import './advantages.css';

type Capabilities = components['schemas']['Store']['enterprise_capabilities'];

const m = defineMessages({
  title: { id: 'home.advantages.title', defaultMessage: 'Profitez de votre offre' },
  lead: { id: 'home.advantages.lead', defaultMessage: 'Ce que votre espace sait faire pour vous faire gagner du temps et des ventes.' },
  open: { id: 'home.advantages.open', defaultMessage: 'Découvrir' },
  unlock: { id: 'home.advantages.unlock', defaultMessage: 'Débloquer avec une offre supérieure' },
  locked: { id: 'home.advantages.locked', defaultMessage: 'Offre supérieure' },
  newWindow: { id: 'home.advantages.newWindow', defaultMessage: '(nouvelle fenêtre)' },
});

const cards: Record<AdvantageId, { title: MessageDescriptor; text: MessageDescriptor }> = {
  team: defineMessages({
    title: { id: 'home.advantages.team', defaultMessage: 'Travaillez en équipe' },
    text: { id: 'home.advantages.team.text', defaultMessage: 'Invitez formateurs, administrateurs et analystes, chacun avec ses droits.' },
  }),
  discounts: defineMessages({
    title: { id: 'home.advantages.discounts', defaultMessage: 'Codes promo' },
    text: { id: 'home.advantages.discounts.text', defaultMessage: 'Créez des réductions pour un lancement, une fête ou vos fidèles apprenants.' },
  }),
  customDomain: defineMessages({
    title: { id: 'home.advantages.customDomain', defaultMessage: 'Votre propre nom de domaine' },
    text: { id: 'home.advantages.customDomain.text', defaultMessage: 'Accueillez vos apprenants sur votre adresse, par exemple formation.mon-site.fr.' },
  }),
  automations: defineMessages({
    title: { id: 'home.advantages.automations', defaultMessage: 'Automatisations' },
    text: { id: 'home.advantages.automations.text', defaultMessage: 'Reliez votre espace à vos outils : CRM, e-mailing, webhooks.' },
  }),
  welcomeEmail: defineMessages({
    title: { id: 'home.advantages.welcomeEmail', defaultMessage: 'E-mail de bienvenue' },
    text: { id: 'home.advantages.welcomeEmail.text', defaultMessage: 'Accueillez chaque nouvel apprenant avec un message à votre image.' },
  }),
  inactiveEmail: defineMessages({
    title: { id: 'home.advantages.inactiveEmail', defaultMessage: 'Relance des apprenants inactifs' },
    text: { id: 'home.advantages.inactiveEmail.text', defaultMessage: 'Un e-mail part tout seul quand un apprenant ne s’est pas connecté depuis un moment.' },
  }),
  embeds: defineMessages({
    title: { id: 'home.advantages.embeds', defaultMessage: 'Widgets pour votre site' },
    text: { id: 'home.advantages.embeds.text', defaultMessage: 'Affichez vos formations et un bouton d’achat sur votre site web.' },
  }),
  assignments: defineMessages({
    title: { id: 'home.advantages.assignments', defaultMessage: 'Devoirs corrigés' },
    text: { id: 'home.advantages.assignments.text', defaultMessage: 'Demandez des travaux à vos apprenants et corrigez-les depuis votre espace.' },
  }),
  payments: defineMessages({
    title: { id: 'home.advantages.payments', defaultMessage: 'Paiement en plusieurs fois' },
    text: { id: 'home.advantages.payments.text', defaultMessage: 'Proposez le paiement en plusieurs mensualités ou par abonnement.' },
  }),
  affiliates: defineMessages({
    title: { id: 'home.advantages.affiliates', defaultMessage: 'Programme d’affiliation' },
    text: { id: 'home.advantages.affiliates.text', defaultMessage: 'Vos apprenants recommandent vos formations et touchent une commission.' },
  }),
  aiAssistant: defineMessages({
    title: { id: 'home.advantages.aiAssistant', defaultMessage: 'Assistant IA' },
    text: { id: 'home.advantages.aiAssistant.text', defaultMessage: 'Trouvez des idées de titres et rédigez votre page de vente en quelques clics.' },
  }),
  newCustomers: defineMessages({
    title: { id: 'home.advantages.newCustomers', defaultMessage: 'Vos nouveaux apprenants' },
    text: { id: 'home.advantages.newCustomers.text', defaultMessage: 'Voyez qui vient de rejoindre vos formations et souhaitez-leur la bienvenue.' },
  }),
  coaching: defineMessages({
    title: { id: 'home.advantages.coaching', defaultMessage: 'Accompagnement personnalisé' },
    text: { id: 'home.advantages.coaching.text', defaultMessage: 'Un expert vous aide à lancer et développer votre activité de formation.' },
  }),
};

/** Plan-advantage cards: links into the app, or an upgrade offer when the plan lacks the feature. */
export function AdvantageCards({ viewer, capabilities }: { viewer: Viewer; capabilities: Capabilities }) {
  const intl = useIntl();
  const upgrade = useUpgradeConfirm();
  const visible = visibleAdvantageCards(viewer, capabilities, externalLinks.coaching);
  if (!visible.length) return null;
  return (
    <section className="advantages" aria-labelledby="advantages-title">
      <h2 id="advantages-title" className="advantages__title">
        {intl.formatMessage(m.title)}
      </h2>
      <p className="advantages__lead">{intl.formatMessage(m.lead)}</p>
      <ul className="advantages__grid">
        {visible.map((card) => {
          const Icon = card.icon;
          const text = cards[card.id];
          return (
            <li key={card.id} className="advantage" data-testid={`advantage-${card.id}`} data-locked={card.locked}>
              <div className="advantage__head">
                <Icon aria-hidden size={22} className="advantage__icon" />
                <h3 className="advantage__name">{intl.formatMessage(text.title)}</h3>
                {card.locked && (
                  <span className="advantage__badge">
                    <Gem aria-hidden size={14} /> {intl.formatMessage(m.locked)}
                  </span>
                )}
              </div>
              <p className="advantage__text">{intl.formatMessage(text.text)}</p>
              <div className="advantage__action">
                {card.locked ? (
                  <Button variant="secondary" size="sm" onPress={upgrade.open}>
                    {intl.formatMessage(m.unlock)}
                  </Button>
                ) : 'external' in card.target ? (
                  <TextLink href={externalLinks.coaching ?? undefined} target="_blank" rel="noopener noreferrer">
                    {intl.formatMessage(m.open)} <ExternalLink aria-hidden size={14} />
                    <span className="visually-hidden"> {intl.formatMessage(m.newWindow)}</span>
                  </TextLink>
                ) : (
                  <TextLink href={card.target.href}>
                    {intl.formatMessage(m.open)} <ArrowRight aria-hidden size={14} />
                  </TextLink>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <UpgradeConfirm isOpen={upgrade.isOpen} onOpenChange={upgrade.onOpenChange} />
    </section>
  );
}
