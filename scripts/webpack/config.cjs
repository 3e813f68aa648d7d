// One webpack configuration for the shell and every remote, so that they agree on what is shared.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { splitChunks } = require('./chunk-groups.cjs');
const TerserPlugin = require('terser-webpack-plugin');
const { YieldAfterChunkPlugin } = require('./yield-chunks.cjs');
const { compressionPlugins } = require('./compress.cjs');

const root = path.resolve(__dirname, '../..');
// A build may be made against another copy of mf-shared (a newer one, say) to prove that a remote released with it
// works beside the deployed shell: MF_SHARED_DIR names that copy.
const sharedDir = process.env.MF_SHARED_DIR ? path.resolve(process.env.MF_SHARED_DIR) : path.join(root, 'mf-shared');
const sharedPackage = JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));

// Read package.json from disk: some packages do not export it, and npm may nest a few under mf-shared.
function versionOf(name) {
  for (const base of [root, path.join(root, 'mf-shared')]) {
    const file = path.join(base, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`${name} is not installed: run npm install`);
}

/**
 * What exists once at run time: React, the emotion cache, the query cache's library, mf-shared's root entry (the
 * runtime: session and toast buses, API client, i18n instance) and its query client (`/runtime/query`, apart so
 * that a page without queries does not load TanStack Query). These are singletons, versioned on
 * their own and kept small and stable, so that a remote and the deployed shell always agree on them. The runtime's
 * version is mf-shared's `especifica.runtime`, not the package version: it changes only when the runtime does.
 */
const singletons = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@emotion/react',
  'single-spa-react',
  '@tanstack/react-query',
  '@especifica/mf-shared',
  '@especifica/mf-shared/runtime/query',
];

/**
 * The library that grows with the screens (UI kit with Chakra inside, controls, router, the screen kit, the list's
 * components, the form kit, and the plain entry: texts, theme colours, boundary and lifecycles without Chakra). Each
 * build brings its own copy and uses another module's only when it is the very same version, so a remote built
 * against a newer mf-shared works beside an older shell and the reverse; all entries of one version come from the
 * same build, so Chakra's and the router's contexts always match. A shared module is never tree-shaken, so these
 * entries carry only the parts of Chakra, the router and the rest that they use.
 */
const library = ['ui', 'controls', 'router', 'kit', 'list', 'forms', 'plain']
  .filter((entry) => sharedPackage.exports[`./${entry}`])
  .map((entry) => `@especifica/mf-shared/${entry}`);

function shared() {
  const runtime = Object.fromEntries(
    singletons.map((key) => {
      const pkg = key.startsWith('@') ? key.split('/').slice(0, 2).join('/') : key.split('/')[0];
      const version = pkg === '@especifica/mf-shared' ? sharedPackage.especifica.runtime : versionOf(pkg);
      return [key, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  );
  // The entry's file as `import` makes every build provide every entry, used or not: a module then finds the whole
  // library of its version in one build (see shell/src/library.ts).
  const versioned = Object.fromEntries(
    library.map((key) => [
      key,
      {
        import: path.join(sharedDir, sharedPackage.exports[`./${key.split('/').pop()}`]),
        requiredVersion: sharedPackage.version,
        version: sharedPackage.version,
      },
    ]),
  );
  return { ...runtime, ...versioned };
}

/**
 * The shell hands its federation runtime to the remotes (`provideExternalRuntime`) through a plugin that `require`s
 * it, so webpack took the CommonJS build of runtime-core and the SDK beside the ES module build the rest imports: two
 * copies of the runtime in main.js. Every request for them resolves to the ES module build instead.
 */
const federationRuntimeAliases = Object.fromEntries(
  [
    ['@module-federation/runtime-tools/runtime-core', '@module-federation/runtime-tools/dist/runtime-core.js'],
    ['@module-federation/runtime/core', '@module-federation/runtime/dist/core.js'],
    ['@module-federation/runtime-core', '@module-federation/runtime-core/dist/index.js'],
    ['@module-federation/sdk', '@module-federation/sdk/dist/index.js'],
    ['@module-federation/error-codes', '@module-federation/error-codes/dist/index.mjs'],
  ].map(([request, file]) => [`${request}$`, path.join(root, 'node_modules', file)]),
);

/** With MF_SHARED_DIR, every entry of mf-shared resolves to that copy. */
function sharedAliases() {
  if (!process.env.MF_SHARED_DIR) return {};
  return Object.fromEntries(
    Object.entries(sharedPackage.exports).map(([key, file]) => [
      `${path.posix.join('@especifica/mf-shared', key)}$`,
      path.join(sharedDir, file),
    ]),
  );
}

/**
 * Every script starts with V8's compile hint (Chrome 136 and later): the functions of a file that carries it are
 * compiled on the thread that streams the script while it downloads, instead of on the main thread at the first call of
 * each. Each file here is a chunk loaded because its code runs: its module factories, and the components they define,
 * run as soon as it arrives, and compiling them one by one showed in a profile of a signed-in /dashboard as 374 ms of
 * the 4,700 ms of script it ran at 4x throttling, all on the main thread (Lighthouse mobile, median of 5 against the
 * build without it: TBT 1,500 to 1,356 ms on /dashboard, 1,939 to 1,527 ms on /cms/dashboard, LCP 3.79 to 3.45 s and
 * 4.15 to 3.53 s). Added once the code is minified (the minifier drops comments), before the content hash and the
 * compressed copies are made.
 */
function compileHints() {
  return new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.m?js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/**
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, entry?: string, html?: boolean, mode?: string }} options
 */
function makeConfig({ dir, name, exposes, entry, html, mode }) {
  const production = mode !== 'development';
  const isRemote = Boolean(exposes);
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: entry ? { main: entry } : {},
    // SOURCE_MAPS=1 writes source maps beside a production build, unreferenced by its files, to read a profile of
    // the page (which package a function of a minified file comes from).
    devtool: production ? (process.env.SOURCE_MAPS ? 'hidden-source-map' : false) : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(dir, 'dist'),
      // The federation entry must be named [name].js; only chunks carry the content hash.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { ...federationRuntimeAliases, ...sharedAliases() },
      modules: ['node_modules', path.join(root, 'node_modules'), path.join(root, 'mf-shared', 'node_modules')],
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        // Our own modules replaced by what they compute, in every build (and in jest: jest.transform.cjs), so that
        // development, tests and production run the same code.
        {
          test: /mf-shared[\\/]src[\\/]ui[\\/]global-css\.ts$/,
          use: path.join(__dirname, 'global-css-loader.cjs'),
        },
        {
          // The classes of pieces drawn as plain parts, made here rather than by each page.
          test: /\.parts\.ts$/,
          use: path.join(__dirname, 'parts-loader.cjs'),
        },
        {
          // A .wasm is a file fetched at run time (the QR code reader's), served with the chunks from our own origin.
          test: /\.(png|svg|jpg|woff2?|pdf|wasm)$/,
          type: 'asset/resource',
          generator: { filename: '[name].[contenthash:8][ext]' },
        },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, parallel: 2 })],
      splitChunks: splitChunks(),
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: shared(),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // The shell carries the federation runtime once; remotes use it instead of bundling their own.
        experiments: {
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      new YieldAfterChunkPlugin(),
      new webpack.DefinePlugin({
        'process.env.CHAT_URL': JSON.stringify(process.env.CHAT_URL || ''),
        'process.env.GTM_ID': JSON.stringify(process.env.GTM_ID || ''),
        'process.env.SAMPLES_KIT_URL': JSON.stringify(process.env.SAMPLES_KIT_URL || ''),
        'process.env.REMOTE_OVERRIDE_HOSTS': JSON.stringify(process.env.REMOTE_OVERRIDE_HOSTS || ''),
      }),
      ...(html
        ? [
            new HtmlWebpackPlugin({
              template: path.join(dir, 'public/index.html'),
              inject: 'body',
              scriptLoading: 'defer',
            }),
          ]
        : []),
      ...(production ? [compileHints(), ...compressionPlugins()] : []),
    ],
    stats: 'errors-warnings',
    parallelism: 2,
  };
}

module.exports = { makeConfig, singletons, library };
