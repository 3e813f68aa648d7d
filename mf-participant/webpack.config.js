const { makeConfig } = require('../scripts/webpack/config.cjs');

module.exports = (_env, argv) =>
  makeConfig({
    dir: __dirname,
    name: 'mf_participant',
    exposes: { './app': './src/app/lifecycles.tsx' },
    mode: argv.mode,
  });
