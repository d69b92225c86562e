import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { catalogueBundlesQuery, catalogueTrainingsQuery } from '../../api/schoolApi';
import { useSchool } from '../../app/school';
import { Banner } from '../../components/ui/Banner';
import { SpinnerView as Spinner } from '../../components/ui/SpinnerView';
import { useState } from 'react';
import { BundleCard, CataloguePager, TrainingCard, useSchoolTitle } from './catalogueParts';
import { PlainButton as Button } from './plainControls';
import { schoolMessages as m } from './schoolMessages';

/** The catalogue page (`/ecole/<subdomain>/formations`): the school's trainings, then its packs. */
export function SchoolCataloguePage() {
  const intl = useIntl();
  useSchoolTitle(intl.formatMessage(m.navCatalogue), useSchool().name);
  return (
    <section className="school-store" aria-labelledby="school-catalogue-title">
      <header className="school-store__intro">
        <h1 id="school-catalogue-title">{intl.formatMessage(m.catalogueTitle)}</h1>
        <p>{intl.formatMessage(m.catalogueLead)}</p>
      </header>
      <CatalogueSections headingLevel={2} />
    </section>
  );
}

/**
 * The trainings grid (paged) and the packs grid, with their loading, empty and error states. Shared by the
 * catalogue page and the school's home.
 */
export function CatalogueSections({ headingLevel }: { headingLevel: 2 | 3 }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const [page, setPage] = useState(1);
  const trainings = useQuery({ ...catalogueTrainingsQuery(subdomain, page), placeholderData: (previous) => previous });
  const packs = useQuery(catalogueBundlesQuery(subdomain));
  const Heading = `h${headingLevel}` as const;
  if (trainings.isPending) return <Spinner aria-label={intl.formatMessage(m.catalogueLoading)} />;
  if (trainings.isError) {
    return (
      <div className="school-store__state">
        <Banner variant="danger">{intl.formatMessage(m.catalogueFailed)}</Banner>
        <Button variant="secondary" onClick={() => void trainings.refetch()}>
          {intl.formatMessage(m.retry)}
        </Button>
      </div>
    );
  }
  const { data, meta } = trainings.data;
  const bundles = packs.data?.data ?? [];
  return (
    <>
      <section className="school-store__section" aria-labelledby="school-trainings-title">
        <Heading id="school-trainings-title" className="school-store__heading">
          {intl.formatMessage(m.navCatalogue)}
        </Heading>
        {data.length === 0 ? (
          <Banner variant="info">{intl.formatMessage(m.catalogueEmpty)}</Banner>
        ) : (
          <ul className="school-grid" data-testid="catalogue-trainings">
            {data.map((training) => (
              <li key={training.uuid}>
                <TrainingCard subdomain={subdomain} training={training} />
              </li>
            ))}
          </ul>
        )}
        <CataloguePager page={meta.current_page} lastPage={meta.last_page} onChange={setPage} />
      </section>
      {bundles.length > 0 && (
        <section className="school-store__section" aria-labelledby="school-bundles-title">
          <Heading id="school-bundles-title" className="school-store__heading">
            {intl.formatMessage(m.bundlesTitle)}
          </Heading>
          <ul className="school-grid" data-testid="catalogue-bundles">
            {bundles.map((bundle) => (
              <li key={bundle.uuid}>
                <BundleCard subdomain={subdomain} bundle={bundle} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
