import { Stack, Text } from '@chakra-ui/react';
import type { Task } from '@especifica/mf-shared/contracts';
import { useTranslation } from '@especifica/mf-shared/ui';
import { ProgressBar } from './states';
import { taskEnded } from './tasks';

/**
 * A task's progress while it is queued or running: the bar, and the rows done of the total with the percentage,
 * announced politely to screen readers. Nothing once it has ended: the page shows the result.
 */
export function TaskProgress({ task, label }: { task: Task; label: string }) {
  const { t } = useTranslation();
  if (taskEnded(task)) return null;
  const number = (value: number) => value.toLocaleString('pt-BR');
  const text =
    task.state === 'queued'
      ? t('kit.task.queued')
      : task.total === null
        ? t('kit.task.started', { done: number(task.done) })
        : t('kit.task.progress', { done: number(task.done), total: number(task.total), percent: task.percent ?? 0 });
  return (
    <Stack gap="1" data-testid="task-progress">
      <ProgressBar value={task.percent ?? 0} label={label} />
      <Text fontSize="sm" color="muted" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}
