# syntax=docker/dockerfile:1
# The production image: one API process (Node 24 running its TypeScript directly) that serves the JSON
# API, the built shell and every remote's build on one port. Stateless: PostgreSQL (DATABASE_URL) holds
# all state, so any number of these run side by side behind a proxy (compose.yaml, README "Scale out").
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install --global --no-audit --no-fund pnpm@10.34.8
WORKDIR /app

# Everything, dev tools included, to build the shell and the remotes.
FROM base AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile \
 && node scripts/build-apps.mjs
# The builds and every package.json (the workspace's shape, for the run-time install), without node_modules.
RUN mkdir -p /out/manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out/manifests \; \
 && cp pnpm-lock.yaml pnpm-workspace.yaml /out/manifests/ \
 && for app in shell remotes/*; do mkdir -p "/out/builds/$app" && cp -r "$app/dist" "/out/builds/$app/"; done

# Only what the API needs at run time. The workspace layout is kept (not `pnpm deploy`): Node strips
# TypeScript types only outside node_modules, and @annie/contracts is linked in as source.
FROM base AS runtime-deps
COPY --from=build /out/manifests ./
RUN pnpm fetch --prod \
 && pnpm install --offline --frozen-lockfile --prod --filter '@annie/api...'

FROM ${NODE_IMAGE}
# tini is PID 1: it passes SIGTERM/SIGINT to the API (which drains within SHUTDOWN_GRACE_MS) and reaps.
RUN apt-get update \
 && apt-get install --yes --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/tmp/annie
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/api/node_modules api/node_modules
COPY --from=runtime-deps /app/packages/contracts/node_modules packages/contracts/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/api/package.json api/
COPY --from=build /app/api/src api/src
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/src packages/contracts/src
COPY --from=build /out/builds ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "api/src/main.ts"]
