# The production image. TypeScript is compiled in a build stage; the runtime stage holds only the
# compiled code, the browser boards and the production dependencies, and runs as the `node` user.

ARG NODE_IMAGE=node:24-slim

# Packages are installed with --ignore-scripts, for two reasons. `npm ci` runs the project's own
# `prepare` (tsc), which needs tsconfig.build.json and the sources: the build below runs after they
# are copied. And better-sqlite3 13 has a binding.gyp, for which npm would run `node-gyp rebuild`
# (a compiler, and Node's headers downloaded from nodejs.org), while the package already ships
# prebuilt binaries (prebuilds/, linux x64/arm64, glibc and musl) that it loads. No production
# package needs an install step; the check after the install proves the driver loads.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
  && node -e "new (require('better-sqlite3'))(':memory:').close()"

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
