const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { makeConfig } = require('../scripts/webpack/config.cjs');
const { FirstScreenPreloadPlugin } = require('../scripts/webpack/preload.cjs');

module.exports = (_env, argv) => {
  const config = makeConfig({ dir: __dirname, name: 'shell', entry: './src/index.ts', html: true, mode: argv.mode });
  config.plugins.push(new CopyPlugin({ patterns: [{ from: path.join(__dirname, 'public/static') }] }));
  // Every first screen runs the bootstrap and the footer, and the remote it mounts needs React's client renderer,
  // the single-spa adapter and the router (which the shell itself never imports): all of it is fetched in parallel
  // with main.js. The toaster is not here: it loads on the first toast or interaction (src/chrome/held-toasts.ts).
  config.plugins.push(
    new FirstScreenPreloadPlugin({
      imports: ['./bootstrap', './chrome/footer'],
      shared: ['react-dom/client', 'single-spa-react', '@especifica/mf-shared/router'],
      // A signed-in page also draws the header with the UI kit, which its screen draws with too (src/signed-in.ts);
      // src/boot.ts, inline in the page, starts their download.
      signedIn: {
        imports: ['./chrome/header'],
        shared: [],
        boot: path.join(__dirname, 'src/boot.ts'),
        worker: path.join(__dirname, 'src/intl-worker.ts'),
      },
    }),
  );
  return config;
};
