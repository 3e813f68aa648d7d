import { resource } from './http/openapi';
import type { App } from './http/zod';
import type { Deps, ProgrammeDeps } from './kernel/deps';
import { acceleratorRoutes } from './modules/accelerators/routes';
import { addressRoutes } from './modules/addresses/routes';
import { programmeAdminRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { profileImageRoutes } from './modules/avatars/routes';
import { customerRoutes } from './modules/customers/routes';
import { cmsRoutes } from './modules/dashboard/cms.routes';
import { participantRoutes } from './modules/dashboard/participant.routes';
import { experienceCancelRoutes } from './modules/experiences/cancel.routes';
import { categoryRoutes } from './modules/experiences/categories.routes';
import { experienceParticipantRoutes } from './modules/experiences/participant.routes';
import { experienceRoutes } from './modules/experiences/routes';
import { extraPointDocumentRoutes } from './modules/extra-points/documents.routes';
import { extraPointParticipantRoutes } from './modules/extra-points/participant.routes';
import { extraPointRoutes } from './modules/extra-points/routes';
import { extraPointStoreRoutes } from './modules/extra-points/store.routes';
import { faqRoutes } from './modules/faq/routes';
import { healthRoutes } from './modules/health/routes';
import { nfeReadingRoutes } from './modules/invoices/nfe-reading.routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { invoiceTimelineRoutes } from './modules/invoices/timeline.routes';
import { extractPeriodRoutes } from './modules/ledger/extract.routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { levelRoutes } from './modules/levels/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { productRoutes } from './modules/products/routes';
import { professionalAdminRoutes } from './modules/professionals/cms.routes';
import { professionalRoutes } from './modules/professionals/routes';
import { regulationRoutes } from './modules/programme/regulation.routes';
import { readingRoutes } from './modules/programme/routes';
import { rankingRoutes } from './modules/rankings/routes';
import { reportRoutes } from './modules/reports/routes';
import { holdPendingShopkeepers } from './modules/shopkeepers/approval';
import { consultantRoutes } from './modules/shopkeepers/consultants.routes';
import { shopkeeperRoutes } from './modules/shopkeepers/routes';
import { storeRoutes } from './modules/stores/routes';
import { storeUserRoutes } from './modules/stores/store-users.routes';
import { cmsUserMeRoutes } from './modules/users/me.routes';
import { cmsUserRoutes } from './modules/users/routes';

/** Every call of the programme engine (spec 7.3 to 7.11, less the accounts'), under /api, tagged by resource. */
export async function programmeRoutes(app: App, deps: ProgrammeDeps) {
  await resource(app, 'levels', (scoped) => levelRoutes(scoped, deps));
  await resource(app, 'notifications', (scoped) => notificationRoutes(scoped, deps));
  await resource(app, 'audit', (scoped) => programmeAdminRoutes(scoped, deps));
  await resource(app, 'stores', async (scoped) => {
    await storeRoutes(scoped, deps);
    await storeUserRoutes(scoped, deps);
  });
  await resource(app, 'products', (scoped) => productRoutes(scoped, deps));
  await resource(app, 'accelerators', (scoped) => acceleratorRoutes(scoped, deps));
  await resource(app, 'customers', (scoped) => customerRoutes(scoped, deps));
  await resource(app, 'invoices', async (scoped) => {
    await invoiceRoutes(scoped, deps);
    await invoiceTimelineRoutes(scoped, deps);
    await nfeReadingRoutes(scoped, deps);
  });
  await resource(app, 'ledger', async (scoped) => {
    await ledgerRoutes(scoped, deps);
    await extractPeriodRoutes(scoped, deps);
  });
  await resource(app, 'extra-points', async (scoped) => {
    await extraPointRoutes(scoped, deps);
    await extraPointStoreRoutes(scoped, deps);
    await extraPointDocumentRoutes(scoped, deps);
    await extraPointParticipantRoutes(scoped, deps);
  });
  await resource(app, 'experiences', async (scoped) => {
    await categoryRoutes(scoped, deps);
    await experienceRoutes(scoped, deps);
    await experienceParticipantRoutes(scoped, deps);
    await experienceCancelRoutes(scoped, deps);
  });
  await resource(app, 'rankings', (scoped) => rankingRoutes(scoped, deps));
  await resource(app, 'reports', (scoped) => reportRoutes(scoped, deps));
  await resource(app, 'users', (scoped) => cmsUserRoutes(scoped, deps));
  await resource(app, 'professionals', (scoped) => professionalAdminRoutes(scoped, deps));
  await resource(app, 'shopkeepers', (scoped) => consultantRoutes(scoped, deps));
  await resource(app, 'faq', (scoped) => faqRoutes(scoped, deps));
  // The programme as participants read it: the regulation and its changes, the earning rules, the cycle's score.
  await resource(app, 'programme', async (scoped) => {
    await readingRoutes(scoped, deps);
    await regulationRoutes(scoped, deps);
  });
}

/** Every route of the API, registered under /api by the app, in one place, tagged by resource. */
export async function apiRoutes(app: App, deps: Deps) {
  holdPendingShopkeepers(app, deps.db);
  await resource(app, 'health', (scoped) => healthRoutes(scoped, deps));
  await resource(app, 'auth', (scoped) => authRoutes(scoped, deps));
  // Sign-up, e-mail confirmation and the profiles of the three roles.
  await resource(app, 'professionals', (scoped) => professionalRoutes(scoped, deps));
  await resource(app, 'shopkeepers', (scoped) => shopkeeperRoutes(scoped, deps));
  await resource(app, 'users', (scoped) => cmsUserMeRoutes(scoped, deps));
  await resource(app, 'avatars', (scoped) => profileImageRoutes(scoped, deps));
  await resource(app, 'addresses', (scoped) => addressRoutes(scoped, deps));
  await resource(app, 'dashboard', async (scoped) => {
    await participantRoutes(scoped, deps);
    await cmsRoutes(scoped, deps);
  });
  await programmeRoutes(app, deps);
}
