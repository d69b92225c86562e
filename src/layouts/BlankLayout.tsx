import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/commonMessages';
import { LanguageSwitch } from './LanguageSwitch';
import { LegalLinks } from './LegalLinks';
import './layouts.css';

/** Sign-in pages and fallbacks: the brand, one centred card, the language switch. */
export function BlankLayout() {
  return (
    <BlankLayoutFrame>
      <Outlet />
    </BlankLayoutFrame>
  );
}

export function BlankLayoutFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="blank-layout">
      <header className="blank-layout__brand">
        <span className="brand-mark" aria-hidden="true" />
        {intl.formatMessage(commonMessages.appName)}
      </header>
      <main className="blank-layout__main" id="main">
        {children}
      </main>
      <footer className="blank-layout__footer">
        <LanguageSwitch />
        <LegalLinks />
      </footer>
    </div>
  );
}
