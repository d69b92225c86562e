import { createContext, useContext } from 'react';

/**
 * The address's query and in-page navigation for the pages both the signed-in app (React Router) and the guest
 * entry (its own history, src/guestMain.tsx) draw: the sign-in and sign-up forms.
 */
export interface PageNavigation {
  search: string;
  navigate(to: string): void;
}

export const PageNavigationContext = createContext<PageNavigation>({
  search: '',
  navigate: (to) => location.assign(to),
});

export const usePageNavigation = () => useContext(PageNavigationContext);
