import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { components } from '../../api/schema.gen';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { TextLink } from '../ui/Link';
import { Spinner } from '../ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import { NotFoundPage } from '../../pages/NotFoundPage';
import './CatalogueFrame.css';

/** A failed read keeps openapi-fetch's error body: the contract's error envelope. */
type ErrorEnvelope = components['schemas']['Error'];

export interface CatalogueFrameTab {
  tab: string;
  href: string;
  label: MessageDescriptor;
}

export interface CatalogueFrameProps<T extends { uuid: string; name: string }> {
  /** The record's query (its one cache entry, which the tabs update after each save). */
  query: UseQueryResult<T, unknown>;
  current: string;
  tabs: (record: T) => CatalogueFrameTab[];
  badge: (record: T) => ReactNode;
  back: { href: string; label: string };
  tabsLabel: string;
  failedLabel: string;
  /** 'training' or 'bundle': the frame's and the tabs' test ids. */
  testIdPrefix: string;
  children: (record: T) => ReactNode;
}

/**
 * The frame of a training's or a bundle's tabs: the loading state, the not-found page (unknown uuid, or another
 * store's), a failure with a retry, then the way back, the name with its status and the tabs. The children
 * render only once the record is loaded, keyed by it so a tab's form state never carries over to another record.
 */
export function CatalogueFrame<T extends { uuid: string; name: string }>({ query, current, tabs, badge, back, tabsLabel, failedLabel, testIdPrefix, children }: CatalogueFrameProps<T>) {
  const intl = useIntl();
  if (query.isPending) {
    return (
      <div className="training-frame__loading">
        <Spinner size="lg" aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error as ErrorEnvelope | Error;
    const code = 'code' in error ? error.code : undefined;
    // A malformed uuid fails validation (422): for the person it is the same lost link as an unknown one.
    if (code === 'NOT_FOUND' || code === 'VALIDATION_FAILED') return <NotFoundPage message={code === 'NOT_FOUND' ? error.message : undefined} />;
    return (
      <Banner variant="danger" title={failedLabel} action={<Button variant="secondary" onPress={() => void query.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>}>
        {error.message}
      </Banner>
    );
  }

  const record = query.data;
  return (
    <div className="training-frame" data-testid={`${testIdPrefix}-frame`}>
      <TextLink href={back.href} variant="subtle" className="training-frame__back">
        {back.label}
      </TextLink>
      <header className="training-frame__header">
        <h1 className="page-title training-frame__title">{record.name}</h1>
        {badge(record)}
      </header>
      <nav aria-label={tabsLabel} className="training-tabs">
        <ul className="training-tabs__list">
          {tabs(record).map((link) => (
            <li key={link.tab}>
              <TextLink href={link.href} className="training-tabs__tab" aria-current={link.tab === current ? 'page' : undefined} data-testid={`${testIdPrefix}-tab-${link.tab}`}>
                {intl.formatMessage(link.label)}
              </TextLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="training-frame__body" key={record.uuid}>
        {children(record)}
      </div>
    </div>
  );
}
