import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { schoolPath, schoolPaths } from '../../../shared/schoolPaths';
import type { Failure } from '../../../shared/failure';
import { catalogueTrainingQuery, type CatalogueTrainingDetail } from '../../api/schoolApi';
import { useLearnerStatus, useSchool } from '../../app/school';
import { Banner } from '../../components/ui/Banner';
import { SpinnerView as Spinner } from '../../components/ui/SpinnerView';
import { AVAILABILITY_TEXT, AvailabilityBadge, availabilityOf, CoverPicture, Offers, priceText, useSchoolTitle } from './catalogueParts';
import { PlainButton as Button, SchoolButtonLink as ButtonLink, SchoolLink as TextLink } from './plainControls';
import { schoolMessages as m, schoolNamedMessages as named } from './schoolMessages';

/** A training's sales page (`/ecole/<subdomain>/formations/<slug>`): description, outline, authors, prices and buy buttons. */
export function SchoolTrainingPage({ slug }: { slug: string }) {
  const intl = useIntl();
  const { subdomain, name } = useSchool();
  const learner = useLearnerStatus().learner?.uuid ?? null;
  const query = useQuery({ ...catalogueTrainingQuery(subdomain, slug, learner), retry: false });
  useSchoolTitle(query.data ? query.data.seo_data.title || query.data.name : null, name);
  if (query.isPending) return <Spinner aria-label={intl.formatMessage(m.catalogueLoading)} />;
  if (query.isError) return <CatalogueFailure failure={query.error as unknown as Failure} onRetry={() => void query.refetch()} />;
  return <TrainingView subdomain={subdomain} training={query.data} />;
}

/** "Not found or unavailable" (404), or a retry for anything else. */
export function CatalogueFailure({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const notFound = failure.status === 404;
  return (
    <section className="auth-card" aria-labelledby="catalogue-failure-title">
      <h1 id="catalogue-failure-title">{intl.formatMessage(notFound ? m.notFoundOrUnavailable : m.catalogueFailed)}</h1>
      {!notFound && <Button onClick={onRetry}>{intl.formatMessage(m.retry)}</Button>}
      <TextLink href={schoolPath(subdomain, 'catalogue')}>{intl.formatMessage(m.backToCatalogue)}</TextLink>
    </section>
  );
}

function TrainingView({ subdomain, training }: { subdomain: string; training: CatalogueTrainingDetail }) {
  const intl = useIntl();
  const availability = availabilityOf(training);
  return (
    <article className="school-store school-product" aria-labelledby="training-title">
      <TextLink href={schoolPath(subdomain, 'catalogue')} className="school-product__back">
        {intl.formatMessage(m.backToCatalogue)}
      </TextLink>
      <div className="school-product__layout">
        <div className="school-product__main">
          <CoverPicture src={training.picture} name={training.name} className="school-cover school-cover--large" />
          <header className="school-product__header">
            <div className="school-card__badges">
              <AvailabilityBadge availability={availability} />
              {training.enrolled && <span className="school-badge school-badge--enrolled">{intl.formatMessage(m.badgeEnrolled)}</span>}
            </div>
            <h1 id="training-title">{training.name}</h1>
            {training.summary && <p className="school-product__summary">{training.summary}</p>}
            <p className="school-card__meta">
              {intl.formatMessage(named.itemsCount, { count: training.items_count })}
              {training.places_left !== null && training.places_left > 0 && <> · {intl.formatMessage(named.placesLeft, { count: training.places_left })}</>}
            </p>
          </header>
          {training.description && (
            // Cleaned by the server to the editor's allow-list (on write, and again on the way out: presenters/storefront.ts).
            <div className="school-product__description rich-output" dangerouslySetInnerHTML={{ __html: training.description }} />
          )}
          <section className="school-product__section" aria-labelledby="training-outline-title">
            <h2 id="training-outline-title">{intl.formatMessage(m.outlineTitle)}</h2>
            {training.outline.length === 0 ? (
              <p>{intl.formatMessage(m.outlineEmpty)}</p>
            ) : (
              <ol className="school-outline" data-testid="training-outline">
                {training.outline.map((node) => (
                  <li key={node.id}>
                    <span className={node.type === 'SECTION' ? 'school-outline__section' : undefined}>{node.name}</span>
                    {node.children.length > 0 && (
                      <ol>
                        {node.children.map((child) => (
                          <li key={child.id}>{child.name}</li>
                        ))}
                      </ol>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {training.authors.length > 0 && (
            <section className="school-product__section" aria-labelledby="training-authors-title">
              <h2 id="training-authors-title">{intl.formatMessage(m.authorsTitle)}</h2>
              <ul className="school-authors">
                {training.authors.map((author) => (
                  <li key={author.uuid}>
                    {author.picture ? (
                      <img src={author.picture} alt="" className="school-authors__avatar" />
                    ) : (
                      <span className="school-authors__avatar school-authors__avatar--empty" aria-hidden="true">
                        {author.display_name.charAt(0).toUpperCase()}
                      </span>
                    )}
                    {author.display_name}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="school-product__aside" aria-labelledby="training-offers-title">
          <h2 id="training-offers-title">{intl.formatMessage(m.offersTitle)}</h2>
          <p className="school-card__price school-product__price" data-testid="training-price">
            {priceText(intl, training.payment_schedules)}
          </p>
          {training.enrolled ? (
            <>
              <p>{intl.formatMessage(m.enrolledLead)}</p>
              <ButtonLink href={schoolPaths.player(subdomain, training.uuid)} data-testid="training-access">
                {intl.formatMessage(m.access)}
              </ButtonLink>
            </>
          ) : availability === 'open' || availability === 'preSale' ? (
            training.payment_schedules.length > 0 && <Offers subdomain={subdomain} type="TRAINING" uuid={training.uuid} schedules={training.payment_schedules} />
          ) : (
            <Banner variant="info" data-testid="training-availability">
              {intl.formatMessage(AVAILABILITY_TEXT[availability])}
            </Banner>
          )}
        </aside>
      </div>
    </article>
  );
}
