# syntax=docker/dockerfile:1
# The Partsdesk server image (docs/operations.md "Docker Compose"): the PWA is built once, in the
# image, with the dev dependencies; the image that runs has only the production ones
# (`npm ci --omit=dev`), runs as the unprivileged `node` user and answers its health check on
# /healthz. Same Node major as CI (20; the engines field says >= 20.19).

# 1. Build the client (vite, dev dependencies) into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (tsx runs the server's TypeScript; it is a dependency).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. What runs: the server's sources, the shared domain and contracts, the built client.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/partsdesk
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY scripts/start.mjs ./scripts/start.mjs
COPY server ./server
COPY src ./src
RUN mkdir -p /var/lib/partsdesk && chown node:node /var/lib/partsdesk
USER node
VOLUME ["/var/lib/partsdesk"]
# 8080 plain HTTP (a TLS proxy in front, TRUST_PROXY set: the server's own HTTPS is off);
# 8443 the server's own HTTPS when it runs without a proxy (docs/operations.md "HTTPS on the shop network").
EXPOSE 8080 8443
# Node has fetch; the slim image has no curl. 503 while a shutdown drains, so a proxy stops first.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# `npm start` without npm in between: scripts/start.mjs forwards SIGTERM to the server (graceful
# shutdown, server/shutdown.ts) and serves dist/ as built (no build tools in this image).
CMD ["node", "scripts/start.mjs"]
