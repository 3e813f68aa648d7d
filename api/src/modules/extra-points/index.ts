// Extra points: campaigns that grant points to a list of participants, and their documents.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { extraPointDocumentRoutes } from './documents.routes';
export { extraPointParticipantRoutes } from './participant.routes';
export { extraPointRoutes } from './routes';
export { defineGrantNotices, findCampaign, grant, professionalsIn, shopkeepersOf } from './service';
export { extraPointStoreRoutes } from './store.routes';
