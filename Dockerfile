# syntax=docker/dockerfile:1
# The production image. TypeScript is compiled in a build stage; the runtime stage holds only the
# compiled code, the browser boards and the production dependencies, and runs as the `node` user.

ARG NODE_IMAGE=node:24-slim

# better-sqlite3 13 (the embedded store) ships prebuilt binaries for linux x64/arm64; the stages that
# install packages keep a compiler for any native package without one.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./

FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

FROM toolchain AS production-dependencies
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    POS_DATA_DIR=/app/data
WORKDIR /app
# Code and dependencies stay owned by root: the server can read them but never change them.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY web/public ./web/public
# Only the embedded store writes here; mount a volume on it when running without MONGODB_URI.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "dist/server/main.js"]
