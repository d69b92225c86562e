import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { taskProblems, type ItemTask } from '../../../../machines/lessonEditor/itemSettings';
import type { LessonEditorEvent } from '../../../../machines/lessonEditor/lessonEditor.machine';
import { DragHandle, SortableList } from '../../../components/SortableList';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { NotFoundPage } from '../../NotFoundPage';
import { ItemEditorFrame } from '../lesson/ItemEditorFrame';
import { useItemRoute } from '../lesson/LessonEditorPage';
import { itemSettingsMessages as s, taskLabel } from '../lesson/itemSettingsMessages';
import { lessonEditorMessages as m } from '../lesson/lessonEditorMessages';
import { useLessonEditor } from '../lesson/useLessonEditor';
import './tasksEditor.css';

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/**
 * /formations/:uuid/tasks/:id (TASKS items): the ordered tasks the learner ticks, with the title, the publish
 * switch, the settings column, autosave, conflicts and the leave prompt of every item editor (the lesson-editor
 * machine: the tasks are the item's `specific_content`).
 */
export function TasksEditorPage() {
  const route = useItemRoute();
  return route ? <TasksEditor key={`${route.trainingUuid}/${route.itemId}`} {...route} /> : <NotFoundPage />;
}

function TasksEditor({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { view, send } = useLessonEditor(trainingUuid, itemId, (name) => `${name} ${intl.formatMessage(m.copySuffix)}`);
  // The page is for task lists only: another item at this address does not exist here.
  if (view.item?.type !== undefined && view.item.type !== 'TASKS') return <NotFoundPage />;
  return (
    <ItemEditorFrame trainingUuid={trainingUuid} itemId={itemId} view={view} send={send} nameLabel={s.tasksName}>
      <TaskList tasks={view.fields.tasks ?? []} tooMany={view.fieldProblems.includes('tooManyTasks')} send={send} isDisabled={view.phase === 'restoreOffered'} />
    </ItemEditorFrame>
  );
}

function TaskList({ tasks, tooMany, send, isDisabled }: { tasks: readonly ItemTask[]; tooMany: boolean; send: (event: LessonEditorEvent) => void; isDisabled: boolean }) {
  const intl = useIntl();
  const problems = taskProblems(tasks);
  return (
    <section className="task-list" aria-label={intl.formatMessage(s.tasksTitle)} data-testid="task-list">
      <h2 className="task-list__title">{intl.formatMessage(s.tasksTitle)}</h2>
      {tasks.length === 0 ? (
        <p className="lesson-blocks__empty">{intl.formatMessage(s.tasksEmpty)}</p>
      ) : (
        <>
          {tasks.length > 1 && <p className="ui-field__description">{intl.formatMessage(s.dragHint)}</p>}
          <SortableList
            className="task-list__items"
            handle="[data-drag-handle]"
            disabled={isDisabled || tasks.length < 2}
            onMove={(from, to) => send({ type: 'PLACE_TASK', id: tasks[from.index]!.id, index: to.index })}
            aria-label={intl.formatMessage(s.tasksTitle)}
          >
            {tasks.map((task, index) => {
              const label = intl.formatMessage(taskLabel, { index: index + 1 });
              const problem = problems[task.id];
              return (
                <li key={task.id} className="task-list__row" data-testid="task-row">
                  {tasks.length > 1 && <DragHandle className="task-list__handle" />}
                  <TextField
                    className="task-list__field"
                    label={label}
                    value={task.label}
                    onChange={(text) => send({ type: 'SET_TASK_LABEL', id: task.id, label: text })}
                    isDisabled={isDisabled}
                    autoFocus={task.label === '' && index === tasks.length - 1}
                    errorMessage={problem ? intl.formatMessage(s[problem]) : undefined}
                    onKeyDown={(event) => {
                      // Entrée adds the next task, as in a checklist.
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        send({ type: 'ADD_TASK', id: newId() });
                      }
                    }}
                  />
                  <span className="lesson-block__tools task-list__tools">
                    <Button variant="ghost" size="sm" onPress={() => send({ type: 'MOVE_TASK', id: task.id, direction: 'up' })} isDisabled={isDisabled || index === 0} aria-label={`${intl.formatMessage(m.moveUp)} (${label})`}>
                      <ArrowUp size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onPress={() => send({ type: 'MOVE_TASK', id: task.id, direction: 'down' })}
                      isDisabled={isDisabled || index === tasks.length - 1}
                      aria-label={`${intl.formatMessage(m.moveDown)} (${label})`}
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="sm" onPress={() => send({ type: 'REMOVE_TASK', id: task.id })} isDisabled={isDisabled} aria-label={`${intl.formatMessage(s.removeTask)} (${label})`}>
                      <Trash2 size={16} aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              );
            })}
          </SortableList>
        </>
      )}
      {tooMany && <p className="ui-field__error" role="alert">{intl.formatMessage(s.tooManyTasks)}</p>}
      <div>
        <Button variant="secondary" onPress={() => send({ type: 'ADD_TASK', id: newId() })} isDisabled={isDisabled} data-testid="add-task">
          <Plus size={16} aria-hidden="true" />
          {intl.formatMessage(s.addTask)}
        </Button>
      </div>
    </section>
  );
}
