import { resource } from './http/openapi';
import type { App } from './http/zod';
import type { Deps, ProgrammeDeps } from './kernel/deps';
import { acceleratorRoutes } from './modules/accelerators';
import { addressRoutes } from './modules/addresses';
import { programmeAdminRoutes } from './modules/audit';
import { authRoutes } from './modules/auth';
import { profileImageRoutes } from './modules/avatars';
import { customerRoutes } from './modules/customers';
import { cmsRoutes, participantRoutes } from './modules/dashboard';
import { emailRoutes } from './modules/emails';
import {
  categoryRoutes,
  experienceCancelRoutes,
  experienceParticipantRoutes,
  experienceRoutes,
} from './modules/experiences';
import {
  extraPointDocumentRoutes,
  extraPointParticipantRoutes,
  extraPointRoutes,
  extraPointStoreRoutes,
} from './modules/extra-points';
import { faqRoutes } from './modules/faq';
import { healthRoutes } from './modules/health';
import { invoiceRoutes, invoiceTimelineRoutes, nfeReadingRoutes } from './modules/invoices';
import { extractPeriodRoutes, ledgerRoutes } from './modules/ledger';
import { levelRoutes } from './modules/levels';
import { liveRoutes } from './modules/live';
import { metricsRoutes } from './modules/metrics';
import { notificationRoutes } from './modules/notifications';
import { privacyRoutes } from './modules/privacy';
import { productRoutes } from './modules/products';
import { professionalAdminRoutes, professionalRoutes } from './modules/professionals';
import { professionRulesRoutes } from './modules/professions';
import { readingRoutes, regulationRoutes } from './modules/programme';
import { rankingRoutes } from './modules/rankings';
import { reportRoutes } from './modules/reports';
import { consultantRoutes, holdPendingShopkeepers, shopkeeperRoutes } from './modules/shopkeepers';
import { storeRoutes, storeUserRoutes } from './modules/stores';
import { taskRoutes } from './modules/tasks';
import { cmsUserMeRoutes, cmsUserRoutes } from './modules/users';

/** Every call of the programme engine (spec 7.3 to 7.11, less the accounts'), under /api, tagged by resource. */
export async function programmeRoutes(app: App, deps: ProgrammeDeps) {
  await resource(app, 'levels', (scoped) => levelRoutes(scoped, deps));
  await resource(app, 'profession-rules', (scoped) => professionRulesRoutes(scoped, deps));
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
  await resource(app, 'emails', (scoped) => emailRoutes(scoped, deps));
  await resource(app, 'privacy', (scoped) => privacyRoutes(scoped, deps));
  await resource(app, 'live', (scoped) => liveRoutes(scoped, deps));
  await resource(app, 'tasks', (scoped) => taskRoutes(scoped, deps));
  await resource(app, 'metrics', (scoped) => metricsRoutes(scoped, deps));
  await programmeRoutes(app, deps);
}
