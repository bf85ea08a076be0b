# syntax=docker/dockerfile:1
# The parent portal as one image: the built web app and the server, which Node 24 runs
# from its TypeScript sources (`node apps/server/src/main.ts`) as the unprivileged `node` user.
#   docker build -t parent-portal .
#   docker run -p 3000:3000 -v portal-data:/data parent-portal           (PGlite in /data)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... parent-portal (PostgreSQL)
# See docs/deployment.md.

ARG NODE_IMAGE=node:24-slim

# 1. Every dependency, then the web app's production build (apps/web/dist).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what the server needs at run time: production dependencies and its sources.
FROM ${NODE_IMAGE} AS server
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages/contracts packages/contracts
COPY apps/server apps/server

# 3. The image that runs.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=server /app ./
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR: PGlite's files (without DATABASE_URL) and the mail outbox (without SMTP_URL).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# 200 while the database answers, 503 while it does not.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM lets requests in flight finish (SHUTDOWN_TIMEOUT_MS), then the server exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/main.ts"]
