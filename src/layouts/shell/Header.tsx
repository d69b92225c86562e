import { defineMessages, useIntl } from 'react-intl';
import { Button as AriaButton } from 'react-aria-components';
import { CircleHelp, GraduationCap, LogOut, Menu as MenuIcon, MonitorPlay, UserRound, CreditCard, Handshake } from 'lucide-react';
import type { components } from '../../api/schema.gen';
import type { Viewer } from '../../app/access';
import { useQuery } from '@tanstack/react-query';
import { supportInfoQuery } from '../../api/usersApi';
import { externalLinks } from '../../app/externalLinks';
import { openSupportChat, supportChatEnabled } from '../../app/supportChat';
import { showsPlanLink } from '../../app/menu';
import { schoolPath } from '../../../shared/schoolPaths';
import { Button } from '../../components/ui/Button';
import { Menu, MenuItem, MenuSeparator } from '../../components/ui/Menu';
import { commonMessages } from '../../i18n/commonMessages';
import { NotificationsCenter } from './NotificationsCenter';

type User = components['schemas']['User'];

export const headerMessages = defineMessages({
  toggleMenu: { id: 'header.toggleMenu', defaultMessage: 'Afficher ou masquer le menu' },
  learnerArea: { id: 'header.learnerArea', defaultMessage: 'Espace apprenant' },
  help: { id: 'header.help', defaultMessage: 'Aide' },
  support: { id: 'header.support', defaultMessage: 'Contacter le support' },
  tutorials: { id: 'header.tutorials', defaultMessage: 'Tutoriels' },
  helpCenter: { id: 'header.helpCenter', defaultMessage: "Centre d'aide" },
  meetups: { id: 'header.meetups', defaultMessage: 'Rencontres' },
  communityGroup: { id: 'header.communityGroup', defaultMessage: 'Groupe de la communauté' },
  blog: { id: 'header.blog', defaultMessage: 'Blog' },
  academy: { id: 'header.academy', defaultMessage: 'Académie' },
  userMenu: { id: 'header.userMenu', defaultMessage: 'Menu du compte' },
  account: { id: 'header.account', defaultMessage: 'Mon compte' },
  plan: { id: 'header.plan', defaultMessage: 'Abonnement' },
  affiliateProgram: { id: 'header.affiliateProgram', defaultMessage: "Programme d'affiliation" },
  logout: { id: 'header.logout', defaultMessage: 'Se déconnecter' },
});
const m = headerMessages;

export function Header({ user, viewer, drawerOpen, onToggleDrawer, onLogout }: { user: User; viewer: Viewer; drawerOpen: boolean; onToggleDrawer: () => void; onLogout: () => void }) {
  const intl = useIntl();
  const helpLinks = [
    { key: 'tutorials', href: externalLinks.tutorials, label: m.tutorials },
    { key: 'helpCenter', href: externalLinks.helpCenter, label: m.helpCenter },
    { key: 'meetups', href: externalLinks.meetups, label: m.meetups },
    { key: 'communityGroup', href: externalLinks.communityGroup, label: m.communityGroup },
    { key: 'blog', href: externalLinks.blog, label: m.blog },
  ].filter((link): link is typeof link & { href: string } => link.href !== null);
  // "Contact support": the chat when one is configured, else the address the server gives (none: no entry).
  const support = useQuery({ ...supportInfoQuery(), enabled: !supportChatEnabled, meta: { failureReport: 'page' } });
  const supportEmail = supportChatEnabled ? null : (support.data?.email ?? null);
  const capabilities = user.store.enterprise_capabilities;
  // The store's learner area on this app (hosting it on its own subdomain comes later: README, Decisions).
  const learnerArea = schoolPath(user.store.subdomain, 'home');
  return (
    <header className="shell-header">
      <Button
        variant="ghost"
        size="sm"
        onPress={onToggleDrawer}
        aria-label={intl.formatMessage(m.toggleMenu)}
        aria-expanded={drawerOpen}
        aria-controls="shell-drawer"
        icon={<MenuIcon size={20} aria-hidden="true" />}
        data-testid="drawer-toggle"
      />
      <a className="shell-header__brand" href="/">
        <span className="brand-mark" aria-hidden="true" />
        <span className="shell-header__brand-name">{intl.formatMessage(commonMessages.appName)}</span>
      </a>
      <div className="shell-header__actions">
        <a className="shell-header__link" href={learnerArea} data-testid="learner-area-link">
          <MonitorPlay size={18} aria-hidden="true" />
          <span className="shell-header__label">{intl.formatMessage(m.learnerArea)}</span>
        </a>
        <NotificationsCenter />
        {(supportChatEnabled || supportEmail || helpLinks.length > 0) && (
          <Menu
            aria-label={intl.formatMessage(m.help)}
            trigger={<Button variant="ghost" size="sm" aria-label={intl.formatMessage(m.help)} icon={<CircleHelp size={18} aria-hidden="true" />} data-testid="help-menu" />}
          >
            {supportChatEnabled && (
              <MenuItem onAction={() => void openSupportChat({ name: [user.firstname, user.lastname].filter(Boolean).join(' '), email: user.email })} data-testid="support-chat">
                {intl.formatMessage(m.support)}
              </MenuItem>
            )}
            {supportEmail && (
              <MenuItem href={`mailto:${supportEmail}`} data-testid="support-email">
                {intl.formatMessage(m.support)}
              </MenuItem>
            )}
            {helpLinks.map((link) => (
              <MenuItem key={link.key} href={link.href} target="_blank" rel="noopener noreferrer">
                {intl.formatMessage(link.label)}
              </MenuItem>
            ))}
          </Menu>
        )}
        {externalLinks.academy && (
          <a className="shell-header__link" href={externalLinks.academy} target="_blank" rel="noopener noreferrer">
            <GraduationCap size={18} aria-hidden="true" />
            <span className="shell-header__label">{intl.formatMessage(m.academy)}</span>
          </a>
        )}
        <Menu
          aria-label={intl.formatMessage(m.userMenu)}
          trigger={
            // The name says what the button opens and ends with the first name it shows (WCAG 2.5.3: the
            // visible text is part of the accessible name, so "Sophie" said by voice control finds it).
            <AriaButton className="shell-user" data-testid="user-menu">
              <span className="visually-hidden">{intl.formatMessage(m.userMenu)}, </span>
              <span className="shell-user__avatar" aria-hidden="true">
                {user.firstname.slice(0, 1).toUpperCase()}
              </span>
              <span className="shell-user__name" data-testid="header-firstname">
                {user.firstname}
              </span>
            </AriaButton>
          }
        >
          <MenuItem href="/mon-compte" icon={<UserRound size={16} />}>
            {intl.formatMessage(m.account)}
          </MenuItem>
          {showsPlanLink(viewer, capabilities) && (
            <MenuItem href="/abonnement" icon={<CreditCard size={16} />}>
              {intl.formatMessage(m.plan)}
            </MenuItem>
          )}
          <MenuItem href={learnerArea} icon={<MonitorPlay size={16} />}>
            {intl.formatMessage(m.learnerArea)}
          </MenuItem>
          {viewer.role === 'OWNER' && (
            <MenuItem href="/affiliation" icon={<Handshake size={16} />}>
              {intl.formatMessage(m.affiliateProgram)}
            </MenuItem>
          )}
          <MenuSeparator />
          <MenuItem onAction={onLogout} icon={<LogOut size={16} />} id="logout" data-testid="logout">
            {intl.formatMessage(m.logout)}
          </MenuItem>
        </Menu>
      </div>
    </header>
  );
}
