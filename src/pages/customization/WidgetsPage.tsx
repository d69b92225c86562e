import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { widgetPaths } from '../../../shared/widgetPaths';
import { trainingChoicesQuery } from '../../api/trainingsApi';
import { AuthActor } from '../../app/auth';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { showToast } from '../../components/ui/toastQueue';
import '../pages.css';
import './customization.css';

const m = defineMessages({
  title: { id: 'widgets.title', defaultMessage: 'Widgets' },
  lead: {
    id: 'widgets.lead',
    defaultMessage: 'Affichez votre catalogue ou un bouton d’achat sur votre propre site : copiez le code et collez-le dans une page (bloc HTML).',
  },
  catalogueTitle: { id: 'widgets.catalogue.title', defaultMessage: 'Catalogue' },
  catalogueLead: { id: 'widgets.catalogue.lead', defaultMessage: 'Vos formations publiées, chacune avec un lien vers sa page.' },
  buyTitle: { id: 'widgets.buy.title', defaultMessage: 'Bouton d’achat' },
  buyLead: { id: 'widgets.buy.lead', defaultMessage: 'Une formation, son prix et un bouton qui mène au paiement dans votre espace.' },
  training: { id: 'widgets.buy.training', defaultMessage: 'Formation' },
  noTraining: { id: 'widgets.buy.none', defaultMessage: 'Créez et publiez une formation pour obtenir son bouton d’achat.' },
  loading: { id: 'widgets.loading', defaultMessage: 'Chargement des formations…' },
  failed: { id: 'widgets.failed', defaultMessage: 'Les formations n’ont pas pu être chargées.' },
  unpublished: { id: 'widgets.buy.unpublished', defaultMessage: 'Cette formation n’est pas visible dans votre espace : le widget l’indiquera comme indisponible tant qu’elle ne sera pas publiée.' },
  code: { id: 'widgets.code', defaultMessage: 'Code à copier' },
  copy: { id: 'widgets.copy', defaultMessage: 'Copier le code' },
  copied: { id: 'widgets.copied', defaultMessage: 'Code copié.' },
  copyFailed: { id: 'widgets.copyFailed', defaultMessage: 'La copie a échoué : sélectionnez le code et copiez-le à la main.' },
  preview: { id: 'widgets.preview', defaultMessage: 'Aperçu' },
});
const frameTitle = defineMessage<{ name: string }>({ id: 'widgets.frameTitle', defaultMessage: 'Widget : {name}' });

/** Statuses the storefront shows (the server's REACHABLE_TRAININGS): the buy widget of any other says "not available". */
const SHOWN = new Set(['PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'UNLISTED']);

/** The HTML a trainer pastes on their site: an iframe of the widget page, which needs no script. */
export const widgetSnippet = (src: string, title: string, height: number) =>
  `<iframe src="${src}" title="${title.replace(/"/g, '&quot;')}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;

function Snippet({ src, title, height, testId }: { src: string; title: string; height: number; testId: string }) {
  const intl = useIntl();
  const code = widgetSnippet(src, title, height);
  const copy = () =>
    void navigator.clipboard?.writeText(code).then(
      () => showToast({ title: intl.formatMessage(m.copied), variant: 'success' }),
      () => showToast({ title: intl.formatMessage(m.copyFailed), variant: 'error' }),
    );
  return (
    <div className="stack" data-testid={testId}>
      <label className="native-field">
        <span className="native-field__label">{intl.formatMessage(m.code)}</span>
        <textarea className="widgets-snippet" readOnly value={code} rows={3} data-testid={`${testId}-code`} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div className="form-actions">
        <Button variant="secondary" onPress={copy}>
          {intl.formatMessage(m.copy)}
        </Button>
      </div>
      <p className="native-field__label">{intl.formatMessage(m.preview)}</p>
      <iframe className="widgets-preview" src={src} title={title} height={height} loading="lazy" data-testid={`${testId}-preview`} />
    </div>
  );
}

/** /widgets (OWNER, ADMIN): the embeddable catalogue and buy-button snippets, with a live preview of each. */
export function WidgetsPage() {
  const intl = useIntl();
  const subdomain = AuthActor.useSelector((s) => s.context.user?.store.subdomain ?? '');
  const trainings = useQuery(trainingChoicesQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const origin = window.location.origin;
  const rows = trainings.data?.data ?? [];
  const training = rows.find((row) => row.uuid === chosen) ?? rows.find((row) => SHOWN.has(row.status)) ?? rows[0];
  return (
    <div className="page stack widgets-page" data-testid="widgets-page">
      <header>
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <Card title={intl.formatMessage(m.catalogueTitle)} description={intl.formatMessage(m.catalogueLead)}>
        <Snippet src={`${origin}${widgetPaths.catalogue(subdomain)}`} title={intl.formatMessage(frameTitle, { name: intl.formatMessage(m.catalogueTitle) })} height={640} testId="widget-catalogue" />
      </Card>
      <Card title={intl.formatMessage(m.buyTitle)} description={intl.formatMessage(m.buyLead)}>
        {trainings.isPending ? (
          <Spinner aria-label={intl.formatMessage(m.loading)} />
        ) : trainings.isError ? (
          <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>
        ) : !training ? (
          <Banner variant="info">{intl.formatMessage(m.noTraining)}</Banner>
        ) : (
          <div className="stack">
            <label className="native-field">
              <span className="native-field__label">{intl.formatMessage(m.training)}</span>
              <select className="native-field__select" name="training" value={training.uuid} onChange={(change) => setChosen(change.target.value)} data-testid="widget-training-select">
                {rows.map((row) => (
                  <option key={row.uuid} value={row.uuid}>
                    {row.name}
                  </option>
                ))}
              </select>
            </label>
            {!SHOWN.has(training.status) && <Banner variant="info">{intl.formatMessage(m.unpublished)}</Banner>}
            <Snippet src={`${origin}${widgetPaths.training(subdomain, training.slug)}`} title={intl.formatMessage(frameTitle, { name: training.name })} height={420} testId="widget-buy" />
          </div>
        )}
      </Card>
    </div>
  );
}
