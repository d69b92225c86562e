import { useId, type ReactNode } from 'react';
import './ui.css';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title, so the card fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Rendered at the right of the header (buttons, menus). */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: 'none' | 'md' | 'lg';
  className?: string;
  children?: ReactNode;
}

export function Card({
  title,
  headingLevel = 2,
  description,
  actions,
  footer,
  padding = 'md',
  className,
  children,
}: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section
      // Naming the section by its title makes it a landmark screen-reader users can jump to.
      aria-labelledby={title !== undefined ? titleId : undefined}
      className={['ui-card', `ui-card--pad-${padding}`, className].filter(Boolean).join(' ')}
    >
      {hasHeader ? (
        <header className="ui-card__header">
          <div className="ui-card__heading">
            {title !== undefined ? (
              <Heading id={titleId} className="ui-card__title">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="ui-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      <div className="ui-card__body">{children}</div>
      {footer ? <footer className="ui-card__footer">{footer}</footer> : null}
    </section>
  );
}
