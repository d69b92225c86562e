import type { ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { DragHandle } from '../SortableList';
import { TextLink } from '../ui/Link';
import { Menu, MenuItem } from '../ui/Menu';
import './catalogueList.css';

export interface CatalogueRowProps {
  name: string;
  /** The row's page; without one (a role that cannot open it) the name is plain text. */
  href?: string;
  summary?: string | null;
  picture?: string | null;
  badge: ReactNode;
  /** Short facts at the right (counts, price), in order. */
  facts: ReactNode[];
  /** The row's menu items (MenuItem); no menu when absent. */
  menu?: ReactNode;
  menuLabel?: string;
  /** Shows the drag grip. */
  draggable?: boolean;
  testId?: string;
}

/** One training or bundle in a catalogue list: grip, picture, title link, summary, status, facts, menu. */
export function CatalogueRow({ name, href, summary, picture, badge, facts, menu, menuLabel, draggable, testId }: CatalogueRowProps) {
  return (
    <li className="catalogue-row" data-testid={testId}>
      {draggable ? <DragHandle className="catalogue-row__handle" /> : null}
      <div className="catalogue-row__picture" aria-hidden="true">
        {picture ? <img src={picture} alt="" loading="lazy" /> : <span>{[...name.trim()][0]?.toUpperCase() ?? '?'}</span>}
      </div>
      <div className="catalogue-row__main">
        {href ? (
          <TextLink href={href} className="catalogue-row__name">
            {name}
          </TextLink>
        ) : (
          <span className="catalogue-row__name">{name}</span>
        )}
        {summary ? <p className="catalogue-row__summary">{summary}</p> : null}
      </div>
      <div className="catalogue-row__badge">{badge}</div>
      <ul className="catalogue-row__facts">
        {facts.map((fact, i) => (
          <li key={i}>{fact}</li>
        ))}
      </ul>
      {menu ? (
        <Menu
          aria-label={menuLabel ?? name}
          trigger={
            <RACButton className="ui-icon-button catalogue-row__menu" aria-label={menuLabel ?? name} data-testid="row-menu">
              <svg viewBox="0 0 20 20" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
                <circle cx="4.5" cy="10" r="1.5" />
                <circle cx="10" cy="10" r="1.5" />
                <circle cx="15.5" cy="10" r="1.5" />
              </svg>
            </RACButton>
          }
        >
          {menu}
        </Menu>
      ) : (
        <span className="catalogue-row__menu-placeholder" />
      )}
    </li>
  );
}

/** "Monter" / "Descendre" in a row's menu: the keyboard way to reorder, when the list can be reordered. */
export function MoveMenuItems({ index, count, onMove, upLabel, downLabel }: { index: number; count: number; onMove: (from: number, to: number) => void; upLabel: string; downLabel: string }) {
  return (
    <>
      {index > 0 && (
        <MenuItem id="up" onAction={() => onMove(index, index - 1)}>
          {upLabel}
        </MenuItem>
      )}
      {index < count - 1 && (
        <MenuItem id="down" onAction={() => onMove(index, index + 1)}>
          {downLabel}
        </MenuItem>
      )}
    </>
  );
}
