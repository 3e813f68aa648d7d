# The static bundles on nginx: the shell at /, each remote at /remotes/<name>/<version>/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --ignore-scripts --no-audit --no-fund && npm run build \
 && mkdir -p /out/remotes \
 && cp -r shell/dist/. /out/ \
 && for d in mf-auth mf-participant mf-cms; do \
      name=$(echo "$d" | tr - _); version=$(node -p "require('./$d/package.json').version"); \
      mkdir -p "/out/remotes/$name/$version" && cp -r "$d/dist/." "/out/remotes/$name/$version/"; \
      echo "$name=$version" >> /out/remotes/versions.env; \
    done

FROM nginx:1.27-alpine
COPY --from=build /out /usr/share/nginx/html
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY docker/write-remotes.sh /docker-entrypoint.d/40-write-remotes.sh
RUN chmod +x /docker-entrypoint.d/40-write-remotes.sh
