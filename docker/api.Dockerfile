# The API: stateless, any number of replicas on one PostgreSQL.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY mf-shared/package.json mf-shared/
# The root's postinstall applies every patch (patches/) with a dev tool: here only the API's own (the NF-e reader's XML
# parser, docs/upgrading.md) are applied, by the same patch-package version, after a production install.
RUN npm pkg delete scripts.postinstall
# npm install, not npm ci: the lockfile holds only the optional binaries of the platform it was made on.
RUN npm install --omit=dev --no-audit --no-fund --workspace api --include-workspace-root=false
COPY patches/@xmldom+xmldom+*.patch patches/
RUN npx --yes patch-package@8.0.1 --error-on-fail

# The API bundled as `npm start` runs it (scripts/api-process.mjs): esbuild, the root's version, is all it needs.
FROM node:22-bookworm-slim AS bundle
WORKDIR /app
COPY scripts/api-process.mjs scripts/
COPY api/src api/src
COPY mf-shared/src/contracts mf-shared/src/contracts
RUN npm install --no-save --no-audit --no-fund esbuild@0.25.12 \
  && node --input-type=module -e "await (await import('./scripts/api-process.mjs')).buildApi()"

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
COPY --from=deps /app/node_modules node_modules
COPY api api
COPY --from=bundle /app/api/dist api/dist
COPY mf-shared/package.json mf-shared/
COPY mf-shared/src/contracts mf-shared/src/contracts
RUN ln -s ../../mf-shared node_modules/@especifica/mf-shared 2>/dev/null || true
ENV DATA_DIR=/app/data
# Uploads and the e-mail outbox (when no SMTP_URL) live here: mount a volume, or use object storage in production.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# apiNodeArgs of scripts/api-process.mjs: the bundle, a heap cap so V8 collects before the heap grows, and the
# request context carried without promise hooks.
CMD ["node", "--max-old-space-size=200", "--experimental-async-context-frame", "api/dist/server.js"]
