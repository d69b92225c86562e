import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/commonMessages';
import { LegalLinks } from './LegalLinks';
import { PlainLanguageSwitch } from './PlainLanguageSwitch';
import './layouts.css';

/**
 * The sign-in pages' frame: the brand, one centred card, the language switch and the legal links. Without React
 * Router nor React Aria: the guest entry (src/guestMain.tsx) draws it too.
 */
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
        <PlainLanguageSwitch />
        <LegalLinks />
      </footer>
    </div>
  );
}
