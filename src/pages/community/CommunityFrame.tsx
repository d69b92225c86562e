import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ArrowLeft, Menu as MenuIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { TextLink } from '../../components/ui/Link';
import { DESKTOP, useMediaQuery } from '../../layouts/shell/useMediaQuery';
import { CommunityMenu } from './CommunityMenu';
import { useCommunity } from './communityContext';
import '../../layouts/layouts.css';
import '../../layouts/shell/shell.css';
import './community.css';

const messages = defineMessages({
  back: { id: 'community.back', defaultMessage: "Retour à l'espace formateur" },
  backLearner: { id: 'community.backLearner', defaultMessage: 'Retour à mon espace' },
  menu: { id: 'community.menu', defaultMessage: 'Menu' },
  nav: { id: 'community.nav', defaultMessage: 'Espaces de la communauté' },
});

/**
 * The community's frame, the same for the team and for learners: a back arrow to the dashboard, the side menu
 * (open above 1024 px, behind a Menu button below, closed again when a link is followed), the page.
 */
export function CommunityFrame({ children, notices }: { children: ReactNode; notices?: ReactNode }) {
  const intl = useIntl();
  const { backHref, viewer } = useCommunity();
  const desktop = useMediaQuery(DESKTOP);
  const [menuChoice, setMenuChoice] = useState<boolean | null>(null);
  const menuOpen = menuChoice ?? desktop;
  return (
    <div className="community-layout">
      <header className="shell-header">
        <TextLink href={backHref} variant="subtle">
          <span className="community-layout__back" data-testid="community-back">
            <ArrowLeft size={18} aria-hidden="true" /> {intl.formatMessage(viewer.context === 'USER' ? messages.back : messages.backLearner)}
          </span>
        </TextLink>
        {!desktop && (
          <Button variant="ghost" size="sm" onPress={() => setMenuChoice(!menuOpen)} aria-expanded={menuOpen} aria-controls="community-menu" icon={<MenuIcon size={18} aria-hidden="true" />}>
            {intl.formatMessage(messages.menu)}
          </Button>
        )}
      </header>
      <div className="shell__body">
        <nav id="community-menu" className="shell-drawer community-drawer" aria-label={intl.formatMessage(messages.nav)} hidden={!menuOpen}>
          <CommunityMenu onNavigate={desktop ? undefined : () => setMenuChoice(false)} />
        </nav>
        <div className="shell__content">
          {notices}
          <main className="shell__main community-main" id="main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
