# syntax=docker/dockerfile:1
# The compiled production server (README, "Running in production in containers"): `docker build -t kaskita .`, or
# compose.yaml.
# Stages: build (every dependency, `npm run build`: the web app, the back office, the server bundle), deps (only the
# server's and the domain package's production dependencies: the bundle leaves npm packages as imports,
# tooling/build-server.ts), runtime (those two, as the unprivileged `node` user).
# tooling/container-recipe.test.ts checks this file against the code (what the server reads at run time, the serve
# script, the settings production needs).

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
# The production web build leaves out the test routes; VITE_APP_VERSION is sent as the app_version header.
ARG VITE_APP_VERSION=0.1.0
ENV VITE_APP_ONLINE=true \
    VITE_APP_VERSION=${VITE_APP_VERSION}
RUN npm run build

FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
# What the bundle imports (PGlite, pg, sharp's prebuilt libvips, tesseract and its English model, TensorFlow's wasm
# backend and face-api's models ...), without the web apps' or the tooling's packages. The folder below exists even
# when npm nests nothing there, so the runtime stage can copy it.
RUN npm ci --omit=dev --workspace=@kaskita/server --workspace=@kaskita/domain --no-audit --no-fund \
    && mkdir -p apps/server/node_modules

FROM node:24.21.0-bookworm-slim AS runtime
# HOST: listen beyond the container's loopback (the default `localhost` would be unreachable from outside).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Code and packages stay root's and read-only to the server; only data/ is its own (the embedded database and
# FILE_STORAGE=local, for a single instance with a volume there; compose.yaml keeps both in PostgreSQL).
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
# "type": "module" for the bundle's .js files.
COPY apps/server/package.json apps/server/
# The bundle (server.js, its chunks, the face check's worker, the command-line tools), the migrations applied at start
# (they also mark the repository root the server finds its paths from, env.ts REPO_ROOT) and the two web builds.
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
# Liveness: /health answers while the process runs (readiness, /ready, is the load balancer's; compose.yaml).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
