import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { commonMessages } from '../../i18n/commonMessages';
import { Banner } from './Banner';
import { Button } from './Button';
import { Spinner } from './Spinner';

export interface ListStatesProps {
  /** The list's query: loading and failure come from it. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  /** A search or a filter is applied: an empty answer says "nothing matches", not "nothing yet". */
  isFiltered: boolean;
  /** Prefix of the empty states' test ids (`<prefix>-no-match`, `<prefix>-empty`). */
  testId: string;
  messages: { failed: MessageDescriptor; noMatch: MessageDescriptor; emptyTitle: MessageDescriptor; emptyBody: MessageDescriptor };
  /** The list itself, drawn once there is something to show. */
  children: ReactNode;
}

/** A read that failed: what could not be loaded, and "Réessayer" (the query read again). */
export function FailedToLoad({ title, query, size }: { title: string; query: { refetch: () => unknown }; size?: 'sm' | 'md' }) {
  const intl = useIntl();
  return (
    <Banner
      variant="danger"
      title={title}
      action={
        <Button size={size} variant="secondary" onPress={() => void query.refetch()}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      }
    />
  );
}

/** A back-office list's states around its table: loading, failed with a retry, nothing matches, nothing yet. */
export function ListStates({ query, isEmpty, isFiltered, testId, messages, children }: ListStatesProps) {
  const intl = useIntl();
  if (query.isPending) {
    return (
      <div className="loading-state">
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (query.isError) return <FailedToLoad title={intl.formatMessage(messages.failed)} query={query} />;
  if (!isEmpty) return <>{children}</>;
  return isFiltered ? (
    <p className="muted" data-testid={`${testId}-no-match`}>
      {intl.formatMessage(messages.noMatch)}
    </p>
  ) : (
    <div className="empty-state" data-testid={`${testId}-empty`}>
      <h2 className="empty-state__title">{intl.formatMessage(messages.emptyTitle)}</h2>
      <p className="page-lead">{intl.formatMessage(messages.emptyBody)}</p>
    </div>
  );
}
