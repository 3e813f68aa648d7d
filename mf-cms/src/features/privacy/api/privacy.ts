import { api, type Result } from '@especifica/mf-shared';
import {
  type AuditRecord,
  type DataRequest,
  type DataRequestsQuery,
  dataRequestsQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

/** The holders' requests (Programa > Solicitações de titulares): open first, the nearest deadline first. */
export const dataRequests = defineResource<DataRequest, DataRequestsQuery>({
  name: 'cms-data-requests',
  query: dataRequestsQuerySchema,
  list: (query) => api.get<Page<DataRequest>>('/cms/privacy/requests/get-all', { ...query }),
  id: (request) => request.id,
  label: (request) => request.name,
});

/** Starts the anonymisation (a job); the list shows the request in progress, then done. */
export const completeRequest = (request: DataRequest): Promise<Result<{ msg: string }>> =>
  api.post('/cms/privacy/requests/complete', { id: request.id });

export const refuseRequest = (request: DataRequest, reason: string): Promise<Result<{ msg: string }>> =>
  api.post('/cms/privacy/requests/refuse', { id: request.id, reason });

/** Every step of a request, oldest first, from the audit log. */
export const requestTrail = (request: DataRequest): Promise<Result<Page<AuditRecord>>> =>
  api.get('/cms/audit/get-all', { entity: 'data-request', entityId: request.id, sort: 'createdAt', limit: 50 });
