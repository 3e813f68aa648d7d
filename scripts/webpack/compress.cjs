// Brotli and gzip copies of every text asset, made once at build time: the servers (`npm start`'s and nginx)
// send the one the browser accepts as it is, instead of compressing on every request or not at all.
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

/** What compresses well: scripts, manifests, the HTML, styles, SVG, and WebAssembly (the QR code reader's). */
const TEXT = /\.(js|mjs|json|html|css|svg|txt|map|wasm)$/;

function compressionPlugins() {
  // A copy is kept only when it saves something; the server falls back to the file itself.
  const common = { test: TEXT, threshold: 0, minRatio: 0.95 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

module.exports = { compressionPlugins, TEXT };
