import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { bundleQuery, type Bundle } from '../../../api/bundlesApi';
import { BundleStatusBadge } from '../../../components/StatusBadge';
import { CatalogueFrame } from '../../../components/catalogue/CatalogueFrame';
import { bundleTabs, type BundleTab } from './bundleTabs';

const messages = defineMessages({
  back: { id: 'bundles.frame.back', defaultMessage: '← Retour aux packs' },
  tabs: { id: 'bundles.frame.tabs', defaultMessage: 'Sections du pack' },
  failed: { id: 'bundles.frame.failed', defaultMessage: 'Le pack n’a pas pu être chargé.' },
});

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
  return (
    <CatalogueFrame
      query={query}
      current={tab}
      tabs={(bundle) => bundleTabs(bundle.uuid)}
      badge={(bundle) => <BundleStatusBadge status={bundle.status} data-testid="bundle-status" />}
      back={{ href: '/packs', label: intl.formatMessage(messages.back) }}
      tabsLabel={intl.formatMessage(messages.tabs)}
      failedLabel={intl.formatMessage(messages.failed)}
      testIdPrefix="bundle"
    >
      {children}
    </CatalogueFrame>
  );
}
