import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { ChevronDown } from 'lucide-react';
import type { components } from '../../api/schema.gen';
import type { Viewer } from '../../app/access';
import { isEntryVisible, communityOpens, sideMenu, type MenuEntry } from '../../app/menu';
import { routeByName } from '../../app/routes';
import { LegalLinks } from '../LegalLinks';
import { CommunityModal } from './CommunityModal';
import { useCommunityActivation } from '../../pages/community/useCommunityActivation';
import { drawerCurrent } from './drawerActive';

type Capabilities = components['schemas']['Store']['enterprise_capabilities'];

const pathOf = (entry: MenuEntry) => routeByName(entry.route)!.path;
// Every entry's path, hidden ones included: an entry the viewer cannot see still owns its pages.
const menuPaths = sideMenu.flatMap((entry) => [entry, ...(entry.children ?? [])]).flatMap((entry) => routeByName(entry.route)?.path ?? []);

/** A drawer link, highlighted when the page belongs to its entry (drawerActive.ts). */
function DrawerLink({ entry, className, onNavigate, children }: { entry: MenuEntry; className: string; onNavigate: () => void; children: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathOf(entry);
  const current = drawerCurrent(pathname, path, menuPaths);
  return (
    <Link to={path} className={current ? `${className} active` : className} aria-current={current} data-testid={`menu-${entry.route}`} onClick={onNavigate}>
      {children}
    </Link>
  );
}

/** The side menu: entries by role and capability flags (spec section 2, Shell). */
export function SideDrawer({
  viewer,
  capabilities,
  open,
  label,
  onNavigate,
}: {
  viewer: Viewer;
  capabilities: Capabilities;
  open: boolean;
  label: string;
  /** Called when an entry is followed (the layout closes an overlaying drawer). */
  onNavigate: () => void;
}) {
  const intl = useIntl();
  const activation = useCommunityActivation();
  const entries = sideMenu.filter((entry) => isEntryVisible(entry, viewer, capabilities));
  return (
    <nav className="shell-drawer" data-open={open || undefined} aria-label={label} id="shell-drawer" hidden={!open}>
      <ul className="shell-drawer__list">
        {entries.map((entry) => {
          const children = entry.children?.filter((child) => isEntryVisible(child, viewer, capabilities)) ?? [];
          const Icon = entry.icon;
          if (entry.community && !communityOpens(viewer)) {
            return (
              <li key={entry.route}>
                <button type="button" className="shell-drawer__link" onClick={() => activation.send({ type: 'OPEN' })} data-testid={`menu-${entry.route}`}>
                  <Icon size={18} aria-hidden="true" />
                  {intl.formatMessage(entry.label)}
                </button>
              </li>
            );
          }
          if (children.length > 1) return <DrawerGroup key={entry.route} entry={entry} items={children} onNavigate={onNavigate} />;
          return (
            <li key={entry.route}>
              <DrawerLink entry={entry} className="shell-drawer__link" onNavigate={onNavigate}>
                <Icon size={18} aria-hidden="true" />
                {intl.formatMessage(entry.label)}
              </DrawerLink>
            </li>
          );
        })}
      </ul>
      <CommunityModal activation={activation} />
      <LegalLinks />
    </nav>
  );
}

function DrawerGroup({ entry, items, onNavigate }: { entry: MenuEntry; items: MenuEntry[]; onNavigate: () => void }) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState(true);
  const Icon = entry.icon;
  const id = `drawer-group-${entry.route}`;
  return (
    <li>
      <button type="button" className="shell-drawer__link shell-drawer__group" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
        <Icon size={18} aria-hidden="true" />
        {intl.formatMessage(entry.label)}
        <ChevronDown size={16} aria-hidden="true" className="shell-drawer__chevron" />
      </button>
      <ul id={id} className="shell-drawer__sublist" hidden={!expanded}>
        {items.map((child) => (
          <li key={child.route}>
            <DrawerLink entry={child} className="shell-drawer__link shell-drawer__sublink" onNavigate={onNavigate}>
              {intl.formatMessage(child.label)}
            </DrawerLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
