// The local S3 server of the storage tests (local-s3-server.ts starts it): `node --openssl-legacy-provider
// local-s3-server-process.mjs <folder> <bucket>` serves that folder on a free port of 127.0.0.1 and prints the port.
// s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 offers only through its legacy provider:
// hence a process of its own, started with that flag, rather than a server inside the test's process.
import process from 'node:process';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
