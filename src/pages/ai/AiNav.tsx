import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { aiMessages } from './aiMessages';

/** The assistant's three pages, as links (the current one marked). */
export function AiNav() {
  const intl = useIntl();
  const links = [
    { to: '/assistant-ia', label: aiMessages.navWrite },
    { to: '/assistant-ia/historique', label: aiMessages.navHistory },
    { to: '/assistant-ia/tableau-de-bord', label: aiMessages.navDashboard },
  ];
  return (
    <nav className="ai-nav" aria-label={intl.formatMessage(aiMessages.navLabel)}>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end className="ai-nav__link">
          {intl.formatMessage(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}
