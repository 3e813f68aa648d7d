import path from 'node:path';

/**
 * The API's folder (api/). This module sits one folder below it, as does the bundle that `npm start` runs
 * (api/dist/server.js, scripts/build-api.mjs): every file the API reads beside its code is found from here, in both.
 */
export const API_ROOT = path.resolve(__dirname, '..');
