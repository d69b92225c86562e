import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { bundleQuery, type Bundle } from '../../../api/bundlesApi';
import { BundleStatusBadge } from '../../../components/StatusBadge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { NotFoundPage } from '../../NotFoundPage';
import { bundleTabs, type BundleTab } from './bundleTabs';
import '../../trainings/training/training.css';

const messages = defineMessages({
  back: { id: 'bundles.frame.back', defaultMessage: '← Retour aux packs' },
  tabs: { id: 'bundles.frame.tabs', defaultMessage: 'Sections du pack' },
  failed: { id: 'bundles.frame.failed', defaultMessage: 'Le pack n’a pas pu être chargé.' },
});

interface ErrorBody {
  code?: string;
  message?: string;
}

/**
 * The frame of every tab of a bundle (/packs/:uuid/…), like the training's: reads :uuid, loads the bundle
 * into its one cache entry (bundleQuery), shows loading, not found (unknown uuid, or another store's) or a
 * failure, then the header with the status, the way back and the tabs. The children get the cached bundle,
 * which the tabs update with `storeBundle` after each save.
 */
export function BundleFrame({ tab, children }: { tab: BundleTab; children: (bundle: Bundle) => ReactNode }) {
  const intl = useIntl();
  const { uuid = '' } = useParams();
  const query = useQuery(bundleQuery(uuid));

  if (query.isPending) {
    return (
      <div className="training-frame__loading">
        <Spinner size="lg" aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error as ErrorBody | Error;
    const code = 'code' in error ? error.code : undefined;
    // A malformed uuid fails validation (422): for the person it is the same lost link as an unknown one.
    if (code === 'NOT_FOUND' || code === 'VALIDATION_FAILED') return <NotFoundPage message={code === 'NOT_FOUND' ? error.message : undefined} />;
    return (
      <Banner
        variant="danger"
        title={intl.formatMessage(messages.failed)}
        action={
          <Button variant="secondary" onPress={() => void query.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        }
      >
        {error.message}
      </Banner>
    );
  }

  const bundle = query.data;
  return (
    <div className="training-frame" data-testid="bundle-frame">
      <TextLink href="/packs" variant="subtle" className="training-frame__back">
        {intl.formatMessage(messages.back)}
      </TextLink>
      <header className="training-frame__header">
        <h1 className="page-title training-frame__title">{bundle.name}</h1>
        <BundleStatusBadge status={bundle.status} data-testid="bundle-status" />
      </header>
      <nav aria-label={intl.formatMessage(messages.tabs)} className="training-tabs">
        <ul className="training-tabs__list">
          {bundleTabs(bundle.uuid).map((link) => (
            <li key={link.tab}>
              <TextLink href={link.href} className="training-tabs__tab" aria-current={link.tab === tab ? 'page' : undefined} data-testid={`bundle-tab-${link.tab}`}>
                {intl.formatMessage(link.label)}
              </TextLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="training-frame__body">{children(bundle)}</div>
    </div>
  );
}
