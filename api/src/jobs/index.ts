// The work done behind the answers, on the database (pg-boss): see docs/jobs.md.
export { createMailQueue, EMAIL_JOB, emailsPage, type MailRetries, resendEmail } from './email';
export { createJobQueue, type JobDefinition, type JobQueue, type JobRun, type JobsLog, requestContext } from './queue';
export { cronEvery } from './schedule';
export { type ArchiveTask, type ExportTask, type ImportTask, pageOrFileSchema, type Tasks } from './tasks';
