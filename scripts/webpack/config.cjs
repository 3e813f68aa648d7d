// One webpack configuration for the shell and every remote, so that they agree on what is shared.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const TerserPlugin = require('terser-webpack-plugin');

const root = path.resolve(__dirname, '../..');
// Read package.json from disk: some packages do not export it, and npm may nest a few under mf-shared.
function versionOf(name) {
  for (const base of [root, path.join(root, 'mf-shared')]) {
    const file = path.join(base, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`${name} is not installed: run npm ci`);
}

/**
 * The shared singletons. A shared module is never tree-shaken, so libraries that only mf-shared uses
 * (Chakra, rxjs, axios, i18next, react-i18next, react-router) are not shared one by one: each lives, once
 * and cut down to the parts used, inside the mf-shared entry that needs it, and that entry is the singleton.
 */
const singletons = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@emotion/react',
  'single-spa-react',
  '@especifica/mf-shared',
  '@especifica/mf-shared/ui',
  '@especifica/mf-shared/controls',
  '@especifica/mf-shared/router',
];

function shared() {
  return Object.fromEntries(
    singletons.map((key) => {
      const pkg = key.startsWith('@') ? key.split('/').slice(0, 2).join('/') : key.split('/')[0];
      const version = versionOf(pkg);
      return [key, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  );
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
    devtool: production ? false : 'eval-cheap-module-source-map',
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
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
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
        {
          test: /\.(png|svg|jpg|woff2?|pdf)$/,
          type: 'asset/resource',
          generator: { filename: '[name].[contenthash:8][ext]' },
        },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, parallel: 2 })],
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
      new webpack.DefinePlugin({
        'process.env.CHAT_URL': JSON.stringify(process.env.CHAT_URL || ''),
        'process.env.GTM_ID': JSON.stringify(process.env.GTM_ID || ''),
        'process.env.SAMPLES_KIT_URL': JSON.stringify(process.env.SAMPLES_KIT_URL || ''),
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
    ],
    stats: 'errors-warnings',
    parallelism: 2,
  };
}

module.exports = { makeConfig, singletons };
