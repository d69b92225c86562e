import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import './catalogueList.css';

/** The states a catalogue list (trainings, bundles, the bundle's picker) shows around its rows. */

export function LoadingState() {
  const intl = useIntl();
  return (
    <div className="catalogue-page__state">
      <Spinner size="lg" aria-label={intl.formatMessage(commonMessages.loading)} />
    </div>
  );
}

/** The list could not be loaded: what failed, and "Réessayer". */
export function FailedState({ title, onRetry }: { title: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Banner
      variant="danger"
      title={title}
      action={
        <Button variant="secondary" onPress={onRetry}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      }
    />
  );
}

/** Nothing yet: a title, what to do, and the call to action (editors only). */
export function EmptyState({ title, body, action, testId }: { title: string; body: string; action?: ReactNode; testId: string }) {
  return (
    <section className="empty-state" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="empty-state__title">
        {title}
      </h2>
      <p className="page-lead">{body}</p>
      {action}
    </section>
  );
}

/** The line about reordering above a list: "saving…" while the order is saved, else why or how to drag. */
export function ReorderHint({ isSaving, savingLabel, text, testId = 'drag-hint' }: { isSaving: boolean; savingLabel: string; text: string; testId?: string }) {
  return (
    <p className="catalogue-page__hint" data-testid={testId}>
      {isSaving ? (
        <span className="catalogue-page__saving">
          <Spinner size="sm" aria-hidden />
          {savingLabel}
        </span>
      ) : (
        text
      )}
    </p>
  );
}

/**
 * The body of a catalogue list: loading, the failure with "Réessayer", the empty state when there is one
 * to show (nothing yet, no search results), else the rows.
 */
export function CatalogueListBody({
  isPending,
  isError,
  onRetry,
  failedTitle,
  empty,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  failedTitle: string;
  /** What to show instead of the rows (null when there are rows). */
  empty: ReactNode;
  children: ReactNode;
}) {
  if (isPending) return <LoadingState />;
  if (isError) return <FailedState title={failedTitle} onRetry={onRetry} />;
  return <>{empty ?? children}</>;
}
