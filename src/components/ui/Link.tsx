import { Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components';
import './ui.css';

export type TextLinkVariant = 'default' | 'subtle';

export interface TextLinkProps extends Omit<RACLinkProps, 'className' | 'style'> {
  variant?: TextLinkVariant;
  className?: string;
}

/**
 * Styled link. Client-side navigation comes from the app-level RAC
 * RouterProvider (wired to react-router's navigate), so callers only pass href
 * and modifier-clicks / middle-clicks still open new tabs natively.
 */
export function TextLink({ variant = 'default', className, ...rest }: TextLinkProps) {
  return (
    <RACLink {...rest} className={['ui-link', `ui-link--${variant}`, className].filter(Boolean).join(' ')} />
  );
}

/** A link drawn as a button (a call to action that navigates: "Se connecter", "Créer un compte"). */
export function ButtonLink({ variant = 'primary', className, children, ...rest }: Omit<RACLinkProps, 'className' | 'style'> & { variant?: 'primary' | 'secondary'; className?: string }) {
  return (
    <RACLink {...rest} className={['ui-button', `ui-button--${variant}`, 'ui-button--md', 'ui-button--full', className].filter(Boolean).join(' ')}>
      {(state) => <span className="ui-button__label">{typeof children === 'function' ? children(state) : children}</span>}
    </RACLink>
  );
}
