// Long work the API does as a job (docs/jobs.md): following a task until it ends. No UI here: the download hook
// (data.ts) uses it too.
import { api } from '@especifica/mf-shared';
import type { Task } from '@especifica/mf-shared/contracts';
import { useEffect, useState } from 'react';

/** How often a running task is read again. */
export const TASK_POLL_MS = 1500;

export const taskEnded = (task: Pick<Task, 'state'>) => task.state === 'done' || task.state === 'failed';

/**
 * Follows a task (GET /api/tasks/:id, docs/jobs.md) from what the call that started it answered: read again every
 * TASK_POLL_MS while it is queued or running, and no more once it has ended. Null without a task.
 */
export function useTask(started: Task | null): Task | null {
  const [task, setTask] = useState<Task | null>(started);
  useEffect(() => setTask(started), [started]);
  const id = task && !taskEnded(task) ? task.id : null;
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const [latest] = await api.get<Task>(`/tasks/${id}`);
      if (stopped) return;
      if (latest) setTask(latest);
      if (!latest || !taskEnded(latest)) timer = setTimeout(() => void read(), TASK_POLL_MS);
    };
    timer = setTimeout(() => void read(), TASK_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);
  return task;
}

/** How long after its end a task still shows on its page, opened again. */
export const TASK_SHOWN_MS = 10 * 60_000;

/**
 * The caller's task of a kind that its page shows when opened again (a reload): the newest, while it is queued or
 * running, or for TASK_SHOWN_MS after it ended (its result). Null when there is none.
 */
export async function currentTask(kind: string, now = Date.now()): Promise<Task | null> {
  const [list] = await api.get<{ items: Task[] }>('/tasks', { kind });
  const newest = list?.items[0];
  if (!newest) return null;
  const ended = newest.finishedAt ? Date.parse(newest.finishedAt) : null;
  return ended === null || now - ended < TASK_SHOWN_MS ? newest : null;
}
