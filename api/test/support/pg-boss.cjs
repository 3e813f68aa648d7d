// pg-boss as Node loaded it outside Jest's sandbox (node-environment.cjs); jest.config.js maps 'pg-boss' here.
module.exports = globalThis.__especificaOuter.pgBoss;
