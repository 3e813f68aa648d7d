// Long work done by a job and followed by its owner (docs/jobs.md).

export { taskRoutes } from './routes';
export { createTasks } from './runner';
export { expireTasks, TASK_EXPIRY_JOB, TASK_JOB } from './service';
