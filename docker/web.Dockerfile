# The static bundles on nginx: the shell at /, each remote at /remotes/<name>/<version>/, from the releases folder
# mounted at /usr/share/nginx/html/releases when published there, else from this image's build.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
# The install's scripts are skipped, but not the patches of dependencies (patches/, docs/upgrading.md).
RUN npm install --ignore-scripts --no-audit --no-fund && npx patch-package --error-on-fail && npm run build \
 && mkdir -p /out/remotes \
 && cp -r shell/dist/. /out/ \
 && for d in mf-auth mf-participant mf-cms; do \
      name=$(echo "$d" | tr - _); version=$(node -p "require('./$d/package.json').version"); \
      mkdir -p "/out/remotes/$name/$version" && cp -r "$d/dist/." "/out/remotes/$name/$version/"; \
      echo "$name=$version" >> /out/remotes/versions.env; \
    done

# Debian's nginx with its brotli_static module, so that the build's .br copies are sent as they are.
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY --from=build /out /usr/share/nginx/html
# Where the releases folder is mounted (docker/compose.yml); empty, the built versions run.
RUN mkdir -p /usr/share/nginx/html/releases
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY docker/write-remotes.sh /usr/local/bin/write-remotes.sh
RUN chmod +x /usr/local/bin/write-remotes.sh
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["sh", "-c", "write-remotes.sh && exec nginx -g 'daemon off;'"]
