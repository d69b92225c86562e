import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isClientNavigation, navigateTo } from '../../app/schoolHistory';
import '../../components/ui/ui.css';
import '../../components/plain/plainControls.css';

/*
 * The storefront's first pages (home, catalogue, a training's or a bundle's page) with plain elements instead of
 * React Aria's Link and Button (issue 11's JavaScript bar: React Aria's press and focus machinery is ~10 KB brotli
 * of the first load). Native <a> and <button> give keyboard access themselves; the kit's look comes from its
 * classes (ui-link, ui-button), hover / press / focus from :hover, :active, :focus-visible (plainControls.css).
 * The account, checkout and player pages keep the kit's components.
 */

/** Follows an address of this site without a reload (a plain left click); other sites, new tabs, as the browser does. */
function followInPage(event: MouseEvent<HTMLAnchorElement>) {
  if (!isClientNavigation(event, event.currentTarget)) return;
  event.preventDefault();
  navigateTo(event.currentTarget.href);
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/** A link of the storefront (the kit's TextLink look). */
export function SchoolLink({ variant = 'default', className, onClick, ...rest }: AnchorProps & { variant?: 'default' | 'subtle' }) {
  return (
    <a
      {...rest}
      className={['ui-link', `ui-link--${variant}`, 'ui-plain', className].filter(Boolean).join(' ')}
      onClick={(event) => {
        onClick?.(event);
        followInPage(event);
      }}
    />
  );
}

/** A link without the kit's look (a card's title). */
export function SchoolBareLink({ onClick, ...rest }: AnchorProps) {
  return (
    <a
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        followInPage(event);
      }}
    />
  );
}

/** A call to action that navigates, drawn as a button (the kit's ButtonLink). */
export function SchoolButtonLink({ variant = 'primary', className, children, onClick, ...rest }: AnchorProps & { variant?: 'primary' | 'secondary' }) {
  return (
    <a
      {...rest}
      className={['ui-button', `ui-button--${variant}`, 'ui-button--md', 'ui-button--full', 'ui-plain', className].filter(Boolean).join(' ')}
      onClick={(event) => {
        onClick?.(event);
        followInPage(event);
      }}
    >
      <span className="ui-button__label">{children}</span>
    </a>
  );
}

/** A button with the kit's look (the plain kit's, shared with the sign-in forms). */
export { PlainButton } from '../../components/plain/PlainFields';
