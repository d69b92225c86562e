import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { schoolPath } from '../../../shared/schoolPaths';
import type { Failure } from '../../../shared/failure';
import { catalogueBundleQuery } from '../../api/schoolApi';
import { useSchool } from '../../app/school';
import { SpinnerView as Spinner } from '../../components/ui/SpinnerView';
import { CoverPicture, Offers, priceText, TrainingCard, useSchoolTitle } from './catalogueParts';
import { CatalogueFailure } from './SchoolTrainingPage';
import { SchoolLink as TextLink } from './plainControls';
import { schoolMessages as m, schoolNamedMessages as named } from './schoolMessages';

/** Statuses whose page opens: a training sold only in the pack (HIDDEN) is shown without a link. */
const REACHABLE = new Set(['PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'UNLISTED']);

/** A pack's sales page (`/ecole/<subdomain>/packs/<slug>`): its trainings, prices and buy buttons. */
export function SchoolBundlePage({ slug }: { slug: string }) {
  const intl = useIntl();
  const { subdomain, name } = useSchool();
  const query = useQuery({ ...catalogueBundleQuery(subdomain, slug), retry: false });
  useSchoolTitle(query.data ? query.data.seo_data.title || query.data.name : null, name);
  if (query.isPending) return <Spinner aria-label={intl.formatMessage(m.catalogueLoading)} />;
  if (query.isError) return <CatalogueFailure failure={query.error as unknown as Failure} onRetry={() => void query.refetch()} />;
  const bundle = query.data;
  return (
    <article className="school-store school-product" aria-labelledby="bundle-title">
      <TextLink href={schoolPath(subdomain, 'catalogue')} className="school-product__back">
        {intl.formatMessage(m.backToCatalogue)}
      </TextLink>
      <div className="school-product__layout">
        <div className="school-product__main">
          <CoverPicture src={bundle.picture} name={bundle.name} className="school-cover school-cover--large" />
          <header className="school-product__header">
            <div className="school-card__badges">
              <span className="school-badge school-badge--bundle">{intl.formatMessage(named.trainingsCount, { count: bundle.trainings.length })}</span>
            </div>
            <h1 id="bundle-title">{bundle.name}</h1>
            {bundle.summary && <p className="school-product__summary">{bundle.summary}</p>}
          </header>
          {bundle.description && <div className="school-product__description rich-output" dangerouslySetInnerHTML={{ __html: bundle.description }} />}
          <section className="school-product__section" aria-labelledby="bundle-contents-title">
            <h2 id="bundle-contents-title">{intl.formatMessage(m.bundleContents)}</h2>
            <ul className="school-grid school-grid--compact">
              {bundle.trainings.map((training) => (
                <li key={training.uuid}>
                  <TrainingCard subdomain={subdomain} training={training} linked={REACHABLE.has(training.status)} />
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside className="school-product__aside" aria-labelledby="bundle-offers-title">
          <h2 id="bundle-offers-title">{intl.formatMessage(m.offersTitle)}</h2>
          <p className="school-card__price school-product__price">{priceText(intl, bundle.payment_schedules)}</p>
          {bundle.payment_schedules.length > 0 && <Offers subdomain={subdomain} type="BUNDLE" uuid={bundle.uuid} schedules={bundle.payment_schedules} />}
        </aside>
      </div>
    </article>
  );
}
