# One image for both processes: build/web.js and build/worker.js, the bundles `npm run build` makes of
# scripts/web.ts and worker/index.ts (decision 062; see docker-compose.yml).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall applies patches/ (see docs/decisions/008-route-matching-patch.md).
COPY patches ./patches
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# Debian's Chromium for the worker's headless browser (script-built pages, docs/decisions/030):
# about 300 MB. `--build-arg CHROMIUM=false` leaves it out; the worker then reads pages as sent
# and says so once at start.
ARG CHROMIUM=true
RUN if [ "$CHROMIUM" = "true" ]; then \
      apt-get update && apt-get install -y --no-install-recommends chromium && rm -rf /var/lib/apt/lists/*; \
    fi
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY tsconfig.json ./
COPY app ./app
COPY worker ./worker
COPY migrations ./migrations
COPY scripts ./scripts
USER node
EXPOSE 3000
# node itself, not npm: SIGTERM from `docker stop` must reach the process that drains.
CMD ["node", "--enable-source-maps", "build/web.js"]
