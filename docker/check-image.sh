#!/usr/bin/env bash
# Builds the real Dockerfile and checks the image as an operator would use it: start it with a data
# volume, wait for /health and /ready, sign in and place an order, restart the container, and find
# the order again. Where no image registry is reachable, the base image is made here (docker/local-node.Dockerfile):
# Debian bookworm by debootstrap, Node 24 and npm from the npm registry, this machine's CA bundle.
#
#   sudo docker/check-image.sh                # needs a running Docker engine, debootstrap, npm
#   NODE_IMAGE=node:24-slim docker/check-image.sh   # with a registry: the official base instead
#
# Everything runs with --network host (builds and the container). It proves the image builds from a
# clean checkout, the embedded store works on a volume as the `node` user, and the data outlives the
# container. It cannot prove the MongoDB deployment (docker-compose.yml: mongo:7 and nginx are
# registry images) nor nginx's proxying; see docs/production.md.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_MAJOR=24
PORT="${POS_CHECK_PORT:-38080}"
TAG="pos-server:check"
NAME="pos-check-$$"
VOLUME="pos-check-data-$$"
WORK="$(mktemp -d)"
START=$SECONDS
step() { printf '[%3ds] %s\n' "$((SECONDS - START))" "$*"; }
cleanup() {
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  docker volume rm "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

docker info >/dev/null 2>&1 || { echo "no Docker engine answers: start dockerd (as root) first" >&2; exit 1; }

if [ -z "${NODE_IMAGE:-}" ]; then
  NODE_IMAGE="local/node:$NODE_MAJOR"
  if ! docker image inspect local/debian:bookworm >/dev/null 2>&1; then
    step "making local/debian:bookworm with debootstrap (a few minutes, once)"
    command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap" >&2; exit 1; }
    debootstrap --variant=minbase bookworm "$WORK/rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log"
    tar -C "$WORK/rootfs" -c . | docker import - local/debian:bookworm >/dev/null
    rm -rf "$WORK/rootfs"
  fi
  if ! docker image inspect "$NODE_IMAGE" >/dev/null 2>&1; then
    step "making $NODE_IMAGE: Node $NODE_MAJOR and npm from the npm registry on local/debian:bookworm"
    arch="$(node -p process.arch)"
    (cd "$WORK" && npm pack --silent "node-linux-$arch@$NODE_MAJOR" "npm@11" >/dev/null)
    mkdir -p "$WORK/base/npm" "$WORK/node"
    tar -xzf "$WORK"/node-linux-"$arch"-*.tgz -C "$WORK/node"
    cp "$WORK/node/package/bin/node" "$WORK/base/node"
    tar -xzf "$WORK"/npm-*.tgz -C "$WORK/base/npm" --strip-components=1
    cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$WORK/base/ca-certificates.crt"
    docker build --network host -q -t "$NODE_IMAGE" -f docker/local-node.Dockerfile "$WORK/base" >/dev/null
  fi
fi

step "building the Dockerfile on $NODE_IMAGE"
build_start=$SECONDS
docker build --network host --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$TAG" . >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log" >&2; exit 1; }
step "built in $((SECONDS - build_start)) s: $(docker image inspect "$TAG" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"

docker volume create "$VOLUME" >/dev/null
run() {
  docker run -d --name "$NAME" --network host -v "$VOLUME:/app/data" \
    -e PORT="$PORT" -e HOST=127.0.0.1 -e POS_ADMIN_USER_NAME=admin -e 'POS_ADMIN_PASSWORD=Admin@2026!' "$TAG" >/dev/null
}
BASE="http://127.0.0.1:$PORT"
wait_ready() {
  for _ in $(seq 1 150); do
    if curl -fsS "$BASE/ready" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  docker logs "$NAME" >&2
  echo "the container did not become ready on $BASE" >&2
  exit 1
}
field() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }
expect() {
  if [ "$2" != "$3" ]; then echo "FAILED: $1: expected $3, got $2" >&2; exit 1; fi
  step "ok: $1 ($2)"
}

run_start=$SECONDS
run
wait_ready
step "started and ready in $((SECONDS - run_start)) s"
VERSION="$(node -p "require('./package.json').version")"
expect "/health names the release" "$(curl -fsS "$BASE/health")" "{\"status\":\"ok\",\"version\":\"$VERSION\"}"
expect "/ready names the embedded store" "$(curl -fsS "$BASE/ready")" '{"status":"ready","store":"sqlite"}'
expect "the server runs as the node user" "$(docker exec "$NAME" id -un)" "node"

ADMIN=$(curl -fsS -X POST "$BASE/auth/token" -u 'admin:Admin@2026!' | field .access_token)
auth=(-H "authorization: Bearer $ADMIN" -H 'content-type: application/json')
RICE=$(curl -fsS -X POST "$BASE/ingredients" "${auth[@]}" -d '{"name":"Arborio rice","in_stock_qty":40,"price":0.9}' | field .id)
DISH=$(curl -fsS -X POST "$BASE/dishes" "${auth[@]}" -d "{\"name\":\"Risotto\",\"description\":\"Saffron risotto\",\"category\":\"Main Course\",\"image_name\":\"risotto\",\"ingredients\":[{\"ingredient_id\":\"$RICE\",\"is_essential\":true}],\"preparation_time\":18,\"price\":14.5,\"station\":\"hot\"}" | field .id)
ORDER=$(curl -fsS -X POST "$BASE/orders" "${auth[@]}" -d "{\"name\":\"Ben\",\"table_number\":18,\"dish_ids\":[\"$DISH\"],\"special_requests\":null}" | field .id)
step "placed order $ORDER"

restart_start=$SECONDS
docker restart "$NAME" >/dev/null
wait_ready
step "restarted and ready in $((SECONDS - restart_start)) s"
SEEN=$(curl -fsS "$BASE/orders/$ORDER" -H "authorization: Bearer $ADMIN" | node -pe "const o = JSON.parse(require('fs').readFileSync(0, 'utf8')); o.name + ' ' + o.dish_ids.join(',')")
expect "the order outlives the restart" "$SEEN" "Ben $DISH"
expect "the data volume holds the store, owned by node, mode 0600" "$(docker exec "$NAME" stat -c '%U %a' /app/data/pos.sqlite)" "node 600"
step "all checks passed in $((SECONDS - START)) s"
