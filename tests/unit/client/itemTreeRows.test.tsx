// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrainingItemNode } from '../../../src/api/trainingItemsApi';
import { TreeControllerContext, type TreeController, type TreeSettings } from '../../../src/pages/trainings/content/treeController';
import { TreeSection } from '../../../src/pages/trainings/content/TreeRows';

const node = (id: number, type: TrainingItemNode['type'], extra: Partial<TrainingItemNode> = {}): TrainingItemNode => ({
  id,
  type,
  name: `Élément ${id}`,
  draft: false,
  parent_id: type === 'SECTION' ? null : 1,
  position: 0,
  resources_count: 0,
  assignments_to_validate_count: 0,
  children: [],
  ...extra,
});

const section = node(1, 'SECTION', { name: 'Chapitre 1', draft: true });
const items = [
  node(11, 'GENERIC', { draft: true, resources_count: 2 }),
  node(12, 'ASSIGNMENT', { assignments_to_validate_count: 3 }),
  node(13, 'SCORM'),
];

function renderSection(settings: TreeSettings, controller: TreeController = { run: vi.fn(), canMove: () => true, canPreview: () => true }) {
  return render(
    <IntlProvider locale="fr" defaultLocale="fr" onError={() => {}}>
      <MemoryRouter>
        <TreeControllerContext.Provider value={controller}>
          <ul>
            <TreeSection node={section} items={items} settings={settings} onDrop={() => {}} />
          </ul>
        </TreeControllerContext.Provider>
      </MemoryRouter>
    </IntlProvider>,
  );
}

const editor: TreeSettings = { trainingUuid: 'abc', canEdit: true, canDrag: true, creator: { plan: 'PRO', isPlatformAdmin: false } };

describe('the item tree rows', () => {
  afterEach(cleanup);

  it('an editor sees links to each editor with parentId, the marks, drag handles and the menus', () => {
    renderSection(editor);
    const lesson = screen.getByTestId('tree-item-11');
    expect(within(lesson).getByRole('link', { name: 'Élément 11' }).getAttribute('href')).toBe('/formations/abc/editor/11?parentId=1');
    expect(lesson.textContent).toContain('Brouillon');
    expect(lesson.textContent).toContain('2 ressources');
    expect(within(screen.getByTestId('tree-item-12')).getByRole('link', { name: 'Élément 12' }).getAttribute('href')).toBe('/formations/abc/assignment/12?parentId=1');
    expect(within(screen.getByTestId('tree-item-12')).getByRole('link', { name: '3 devoirs à corriger' }).getAttribute('href')).toBe('/formations/abc/assignment/12/submissions?parentId=1');
    // A SCORM package opens its settings page (issue #10).
    expect(within(screen.getByTestId('tree-item-13')).getByRole('link', { name: 'Élément 13' }).getAttribute('href')).toBe('/formations/abc/scorm/13?parentId=1');
    expect(document.querySelectorAll('[data-drag-handle="item"]')).toHaveLength(3);
    expect(document.querySelectorAll('[data-drag-handle="top"]')).toHaveLength(1);
    expect(screen.getByTestId('tree-add-1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions de « Élément 11 »' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chapitre 1' })).toBeTruthy();
    expect(screen.getByTestId('tree-section-1').textContent).toContain('3 éléments');
  });

  it('a reader (ANALYST, STAFF) sees the tree without links, handles, menus or the add button', () => {
    renderSection({ ...editor, canEdit: false, canDrag: false });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelectorAll('[data-drag-handle]')).toHaveLength(0);
    expect(screen.getByTestId('tree-item-12').textContent).toContain('3 devoirs à corriger');
  });

  it('on a narrow screen an editor keeps the menus but has no drag handles', () => {
    renderSection({ ...editor, canDrag: false });
    expect(document.querySelectorAll('[data-drag-handle]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Actions de « Élément 12 »' })).toBeTruthy();
  });

  it('the menu offers Monter / Descendre only where the entry can go, and sends the action', async () => {
    const run = vi.fn();
    renderSection(editor, { run, canMove: (entry, direction) => !(entry.id === 11 && direction === 'up'), canPreview: () => true });
    await userEvent.click(screen.getByRole('button', { name: 'Actions de « Élément 11 »' }));
    expect(screen.queryByRole('menuitem', { name: 'Monter' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Descendre' }));
    expect(run).toHaveBeenCalledWith({ kind: 'move', node: items[0], direction: 'down' });
  });

  it('an item\'s menu publishes a draft, puts a published one back to draft (SCORM too); a section\'s has neither', async () => {
    const run = vi.fn();
    renderSection(editor, { run, canMove: () => true, canPreview: () => true });
    await userEvent.click(screen.getByRole('button', { name: 'Actions de « Élément 11 »' }));
    expect(screen.queryByRole('menuitem', { name: 'Repasser en brouillon' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Publier' }));
    expect(run).toHaveBeenLastCalledWith({ kind: 'publish', node: items[0] });
    await userEvent.click(screen.getByRole('button', { name: 'Actions de « Élément 13 »' }));
    expect(screen.queryByRole('menuitem', { name: 'Publier' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Repasser en brouillon' }));
    expect(run).toHaveBeenLastCalledWith({ kind: 'unpublish', node: items[2] });
    await userEvent.click(screen.getByRole('button', { name: 'Actions du chapitre « Chapitre 1 »' }));
    expect(screen.getByRole('menuitem', { name: 'Modifier' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /^(Publier|Repasser en brouillon)$/ })).toBeNull();
  });

  it('the add menu marks the types the plan lacks with a gem (SCORM on PRO), and asks for the type chosen', async () => {
    const run = vi.fn();
    renderSection({ ...editor, creator: { plan: 'PERCENT', isPlatformAdmin: false } }, { run, canMove: () => true, canPreview: () => true });
    await userEvent.click(screen.getByTestId('tree-add-1'));
    const locked = screen.getAllByTestId('plan-gem').map((gem) => gem.closest('[role=menuitem]')?.getAttribute('data-key'));
    expect(locked.sort()).toEqual(['ASSIGNMENT', 'SCORM', 'TASKS']);
    await userEvent.click(screen.getByRole('menuitem', { name: /Tâches/ }));
    expect(run).toHaveBeenCalledWith({ kind: 'add', itemType: 'TASKS', section });
  });
});
