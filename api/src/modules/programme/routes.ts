import type { App } from '../../http/zod';
import { acceleratorRoutes } from '../accelerators/routes';
import { customerRoutes } from '../customers/routes';
import { categoryRoutes } from '../experiences/categories-routes';
import { experienceParticipantRoutes } from '../experiences/participant-routes';
import { experienceRoutes } from '../experiences/routes';
import { extraPointParticipantRoutes } from '../extra-points/participant-routes';
import { extraPointRoutes } from '../extra-points/routes';
import { extraPointStoreRoutes } from '../extra-points/store-routes';
import { invoiceRoutes } from '../invoices/routes';
import { ledgerRoutes } from '../ledger/routes';
import { levelRoutes } from '../levels/routes';
import { notificationRoutes } from '../notifications/routes';
import { cmsUserRoutes } from '../people/cms-users-routes';
import { consultantRoutes } from '../people/consultants-routes';
import { professionalAdminRoutes } from '../people/professionals-routes';
import { productRoutes } from '../products/routes';
import { rankingRoutes } from '../rankings/routes';
import { reportRoutes } from '../reports/routes';
import { storeRoutes } from '../stores/routes';
import { storeUserRoutes } from '../stores/users-routes';
import { programmeAdminRoutes } from './admin-routes';
import type { ProgrammeDeps } from './deps';

/** Every call of the programme engine (spec 7.3 to 7.11, less the accounts'), under /api. */
export async function programmeRoutes(app: App, deps: ProgrammeDeps) {
  await levelRoutes(app, deps);
  await notificationRoutes(app, deps);
  await programmeAdminRoutes(app, deps);
  await storeRoutes(app, deps);
  await storeUserRoutes(app, deps);
  await productRoutes(app, deps);
  await acceleratorRoutes(app, deps);
  await customerRoutes(app, deps);
  await invoiceRoutes(app, deps);
  await ledgerRoutes(app, deps);
  await extraPointRoutes(app, deps);
  await extraPointStoreRoutes(app, deps);
  await extraPointParticipantRoutes(app, deps);
  await categoryRoutes(app, deps);
  await experienceRoutes(app, deps);
  await experienceParticipantRoutes(app, deps);
  await rankingRoutes(app, deps);
  await reportRoutes(app, deps);
  await cmsUserRoutes(app, deps);
  await professionalAdminRoutes(app, deps);
  await consultantRoutes(app, deps);
}
