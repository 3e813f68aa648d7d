#!/bin/sh
# Writes remotes.json at start: MF_AUTH_URL (a full manifest URL) or MF_AUTH_VERSION picks what runs.
# Swapping a remote's version is changing one variable and restarting the container; the shell is not rebuilt.
# A remotes.json in the mounted releases folder (npm run remotes) wins over this one and needs no restart.
set -eu
html=/usr/share/nginx/html
out="{"
sep=""
while IFS='=' read -r name built; do
  upper=$(echo "$name" | tr '[:lower:]' '[:upper:]')
  url=$(eval "echo \${${upper}_URL:-}")
  version=$(eval "echo \${${upper}_VERSION:-$built}")
  [ -n "$url" ] || url="/remotes/$name/$version/mf-manifest.json"
  out="$out$sep\"$name\":\"$url\""
  sep=","
done < "$html/remotes/versions.env"
echo "$out}" > "$html/remotes.json"
