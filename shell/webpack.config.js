const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { makeConfig } = require('../scripts/webpack/config.cjs');

module.exports = (_env, argv) => {
  const config = makeConfig({ dir: __dirname, name: 'shell', entry: './src/index.ts', html: true, mode: argv.mode });
  config.plugins.push(new CopyPlugin({ patterns: [{ from: path.join(__dirname, 'public/static') }] }));
  return config;
};
