import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// The two models of @vladmandic/human the camera step runs (features/application/live-check/live-check-engine.ts),
// from the npm package into the build at /models/human/: nothing is fetched from a CDN at run time. Their .bin files
// are already compressed weights; the .json files get the build's brotli and gzip copies like any other.
const require = createRequire(import.meta.url);
// The package's exports map hides package.json; its main entry is in dist/, beside models/.
const MODELS_DIR = join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
const FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'];
const URL_PREFIX = '/models/human/';

export function humanModels(): Plugin {
  return {
    name: 'kaskita-human-models',
    // The dev server answers them from the package.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = request.url?.startsWith(URL_PREFIX) ? request.url.slice(URL_PREFIX.length) : null;
        if (!file || !FILES.includes(file)) return next();
        response.setHeader(
          'content-type',
          file.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        response.end(readFileSync(join(MODELS_DIR, file)));
      });
    },
    generateBundle() {
      for (const file of FILES)
        this.emitFile({
          type: 'asset',
          fileName: `models/human/${file}`,
          source: readFileSync(join(MODELS_DIR, file)),
        });
    },
  };
}
