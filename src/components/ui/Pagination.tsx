import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button } from './Button';
import './ui.css';

const m = defineMessages({
  label: { id: 'trainings.pagination.label', defaultMessage: 'Pages' },
  previous: { id: 'trainings.pagination.previous', defaultMessage: 'Page précédente' },
  next: { id: 'trainings.pagination.next', defaultMessage: 'Page suivante' },
});
const position = defineMessage<{ page: number; pages: number }>({ id: 'trainings.pagination.position', defaultMessage: 'Page {page} sur {pages}' });

/** Previous / next buttons under a paged list (the contract's PageMeta); nothing when there is one page. */
export function Pagination({ page, lastPage, onChange }: { page: number; lastPage: number; onChange: (page: number) => void }) {
  const intl = useIntl();
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={intl.formatMessage(m.label)}>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        {intl.formatMessage(m.previous)}
      </Button>
      <span>{intl.formatMessage(position, { page, pages: lastPage })}</span>
      <Button variant="secondary" size="sm" isDisabled={page >= lastPage} onPress={() => onChange(page + 1)}>
        {intl.formatMessage(m.next)}
      </Button>
    </nav>
  );
}
