const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { makeConfig } = require('../scripts/webpack/config.cjs');
const { FirstScreenPreloadPlugin } = require('../scripts/webpack/preload.cjs');

module.exports = (_env, argv) => {
  const config = makeConfig({ dir: __dirname, name: 'shell', entry: './src/index.ts', html: true, mode: argv.mode });
  config.plugins.push(new CopyPlugin({ patterns: [{ from: path.join(__dirname, 'public/static') }] }));
  // Every first screen runs the bootstrap, the footer and the toaster, and the remote it mounts needs React's
  // client renderer and the single-spa adapter: all of it is fetched in parallel with main.js.
  config.plugins.push(
    new FirstScreenPreloadPlugin({
      imports: ['./bootstrap', './chrome/footer', './chrome/toaster'],
      shared: ['react-dom/client', 'single-spa-react'],
    }),
  );
  return config;
};
