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
// tfjs's WebAssembly backend, for a phone whose WebGL is software-rendered (live-check-engine.ts): the build of the
// version human bundles (checked below at build time), with and without SIMD.
const WASM_DIR = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
const WASM_FILES = ['tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm.wasm'];
const FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin', ...WASM_FILES];
const pathOf = (file: string) => join(WASM_FILES.includes(file) ? WASM_DIR : MODELS_DIR, file);
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
          file.endsWith('.json')
            ? 'application/json'
            : file.endsWith('.wasm')
              ? 'application/wasm'
              : 'application/octet-stream',
        );
        response.end(readFileSync(pathOf(file)));
      });
    },
    generateBundle() {
      assertWasmMatchesHuman();
      for (const file of FILES)
        this.emitFile({
          type: 'asset',
          fileName: `models/human/${file}`,
          source: readFileSync(pathOf(file)),
        });
    },
  };
}

/** A .wasm of another tfjs version than the one human bundles fails at run time on the phone: fail the build instead. */
function assertWasmMatchesHuman(): void {
  const wasm = (JSON.parse(readFileSync(join(WASM_DIR, '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  const bundle = readFileSync(join(MODELS_DIR, '..', 'dist', 'tfjs.version.js'), 'utf8');
  if (!bundle.includes(`"${wasm}"`))
    throw new Error(
      `@tensorflow/tfjs-backend-wasm ${wasm} is not the tfjs version @vladmandic/human bundles`,
    );
}
