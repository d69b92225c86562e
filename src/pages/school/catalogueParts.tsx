import { useEffect } from 'react';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { schoolPaths } from '../../../shared/schoolPaths';
import type { CatalogueBundle, CataloguePaymentSchedule, CatalogueTraining } from '../../api/schoolApi';
import { formatEuros } from '../../i18n/format';
import { PlainButton as Button, SchoolBareLink as Link, SchoolButtonLink as ButtonLink } from './plainControls';
import { schoolMessages as m, schoolNamedMessages as named } from './schoolMessages';

const euros = (intl: IntlShape, amount: number) => formatEuros(amount, intl.locale.startsWith('en') ? 'en' : 'fr');

/** What a card or page says about the price: "Gratuit", "à partir de 52 €" (the smallest payment), or not priced yet. */
export function priceText(intl: IntlShape, schedules: readonly CataloguePaymentSchedule[]): string {
  if (!schedules.length) return intl.formatMessage(m.noPrice);
  const lowest = Math.min(...schedules.map((s) => s.price));
  if (lowest === 0) return intl.formatMessage(m.free);
  return schedules.length > 1 || schedules[0]!.type !== 'ONE_TIME' ? intl.formatMessage(named.priceFrom, { price: euros(intl, lowest) }) : euros(intl, lowest);
}

/** One way to pay, in words: "149,00 €", "3 × 52,00 € par mois", "19,00 € par mois". */
export function scheduleText(intl: IntlShape, schedule: CataloguePaymentSchedule): { title: string; detail: string | null } {
  const price = euros(intl, schedule.price);
  if (schedule.type === 'INSTALLMENTS' && schedule.installments_count) {
    return {
      title: intl.formatMessage(named.installments, { count: schedule.installments_count, price }),
      detail: intl.formatMessage(named.installmentsTotal, { total: euros(intl, schedule.total_price) }),
    };
  }
  if (schedule.type === 'SUBSCRIPTION') return { title: intl.formatMessage(named.subscription, { price, frequency: schedule.frequency ?? 'MONTHLY' }), detail: null };
  return { title: schedule.price === 0 ? intl.formatMessage(m.free) : price, detail: intl.formatMessage(m.oneTime) };
}

type Availability = 'open' | 'preSale' | 'soon' | 'closed' | 'full' | 'ended';

/** Why a training sells or not, in the order a learner needs to know it (spec 8's learner messages). */
export function availabilityOf(training: Pick<CatalogueTraining, 'status' | 'enrollment_open' | 'places_left'>): Availability {
  if (training.status === 'PRE_LAUNCH') return 'soon';
  if (training.status === 'CLOSED') return 'closed';
  if (training.places_left === 0) return 'full';
  if (!training.enrollment_open) return 'ended';
  return training.status === 'PRE_SALE' ? 'preSale' : 'open';
}

const BADGES = { preSale: m.badgePreSale, soon: m.badgeSoon, closed: m.badgeClosed, full: m.badgeFull, ended: m.badgeEnded } as const;
export const AVAILABILITY_TEXT = { soon: m.comingSoon, closed: m.registrationClosedMessage, full: m.trainingFull, ended: m.enrollmentEnded } as const;

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const intl = useIntl();
  if (availability === 'open') return null;
  return <span className={`school-badge school-badge--${availability}`}>{intl.formatMessage(BADGES[availability])}</span>;
}

/** The picture of a training or bundle, or a tinted panel with its initial when it has none. */
export function CoverPicture({ src, name, className = 'school-cover' }: { src: string | null; name: string; className?: string }) {
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  return (
    <div className={`${className} school-cover--empty`} aria-hidden="true">
      <span>{name.trim().charAt(0).toUpperCase()}</span>
    </div>
  );
}

/** A training in a grid: the whole card is one link (its name), with its picture, summary, price and badges. */
export function TrainingCard({ subdomain, training, linked = true }: { subdomain: string; training: CatalogueTraining; linked?: boolean }) {
  const intl = useIntl();
  const availability = availabilityOf(training);
  const name = linked ? (
    <Link className="school-card__link" href={schoolPaths.training(subdomain, training.slug)}>
      {training.name}
    </Link>
  ) : (
    training.name
  );
  return (
    <article className="school-card" data-testid="catalogue-training-card">
      <CoverPicture src={training.picture} name={training.name} />
      <div className="school-card__body">
        <div className="school-card__badges">
          <AvailabilityBadge availability={availability} />
          {training.places_left !== null && training.places_left > 0 && (
            <span className="school-badge school-badge--seats">{intl.formatMessage(named.placesLeft, { count: training.places_left })}</span>
          )}
        </div>
        <h3 className="school-card__title">{name}</h3>
        {training.summary && <p className="school-card__summary">{training.summary}</p>}
        <p className="school-card__meta">
          {intl.formatMessage(named.itemsCount, { count: training.items_count })}
          {training.authors.length > 0 && <> · {intl.formatMessage(named.byAuthors, { names: training.authors.map((a) => a.display_name).join(', ') })}</>}
        </p>
        <p className="school-card__price">{priceText(intl, training.payment_schedules)}</p>
      </div>
    </article>
  );
}

export function BundleCard({ subdomain, bundle }: { subdomain: string; bundle: CatalogueBundle }) {
  const intl = useIntl();
  return (
    <article className="school-card school-card--bundle" data-testid="catalogue-bundle-card">
      <CoverPicture src={bundle.picture} name={bundle.name} />
      <div className="school-card__body">
        <div className="school-card__badges">
          <span className="school-badge school-badge--bundle">{intl.formatMessage(named.trainingsCount, { count: bundle.trainings.length })}</span>
        </div>
        <h3 className="school-card__title">
          <Link className="school-card__link" href={schoolPaths.bundle(subdomain, bundle.slug)}>
            {bundle.name}
          </Link>
        </h3>
        {bundle.summary && <p className="school-card__summary">{bundle.summary}</p>}
        <p className="school-card__price">{priceText(intl, bundle.payment_schedules)}</p>
      </div>
    </article>
  );
}

/** The ways to pay, each with its button to the checkout (TRAINING or BUNDLE, the schedule chosen). */
export function Offers({ subdomain, type, uuid, schedules }: { subdomain: string; type: 'TRAINING' | 'BUNDLE'; uuid: string; schedules: readonly CataloguePaymentSchedule[] }) {
  const intl = useIntl();
  return (
    <ul className="school-offers">
      {schedules.map((schedule) => {
        const text = scheduleText(intl, schedule);
        return (
          <li key={schedule.id} className="school-offer" data-testid="school-offer">
            <span className="school-offer__text">
              <span className="school-offer__title">{text.title}</span>
              {text.detail && <span className="school-offer__detail">{text.detail}</span>}
            </span>
            <ButtonLink
              href={schoolPaths.checkout(subdomain, type, uuid, schedule.id)}
              aria-label={intl.formatMessage(named.buy, { label: [text.title, text.detail].filter(Boolean).join(', ') })}
              data-testid={`school-buy-${schedule.id}`}
            >
              {intl.formatMessage(m.offersTitle)}
            </ButtonLink>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The tab's title while a storefront page shows, as the server writes it on a first load (server/http/schoolHead.ts):
 * the page, then the school. Presentational: nothing else reads it.
 */
export function useSchoolTitle(page: string | null, school: string) {
  useEffect(() => {
    document.title = page ? `${page} – ${school}` : school;
  }, [page, school]);
}

/**
 * Previous / next under the trainings grid (the back office's Pagination speaks the back office's catalogue of
 * messages, which the learner area does not load); nothing when there is one page.
 */
export function CataloguePager({ page, lastPage, onChange }: { page: number; lastPage: number; onChange: (page: number) => void }) {
  const intl = useIntl();
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={intl.formatMessage(m.pagesLabel)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {intl.formatMessage(m.previousPage)}
      </Button>
      <span>{intl.formatMessage(named.pagePosition, { page, pages: lastPage })}</span>
      <Button variant="secondary" size="sm" disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
        {intl.formatMessage(m.nextPage)}
      </Button>
    </nav>
  );
}
