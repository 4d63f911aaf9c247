// The face engine's thread: face-api on tfjs's WASM backend computes synchronously for about a second per photo, which
// on the server's main thread would hold every other request (measured: 481 ms of event-loop delay per check). Plain
// JavaScript so it runs in a worker without a TypeScript loader. Messages: { id, width, height, pixels } (RGB,
// Int32Array) in; { id, result: [{ width, height, score, descriptor }] } or { id, error } out; 'ready' once loaded.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
const wasm = require('@tensorflow/tfjs-backend-wasm');

wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
await faceapi.tf.setBackend('wasm');
await faceapi.tf.ready();
const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
const options = new faceapi.SsdMobilenetv1Options({ minConfidence: workerData.minFaceScore });

parentPort.on('message', async ({ id, width, height, pixels }) => {
  const tensor = faceapi.tf.tensor3d(pixels, [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    const faces = found.map((f) => ({
      width: f.detection.box.width,
      height: f.detection.box.height,
      score: f.detection.score,
      descriptor: Array.from(f.descriptor),
    }));
    parentPort.postMessage({ id, result: faces });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    tensor.dispose();
  }
});
parentPort.postMessage('ready');
