// The local S3 server of the storage tests (local-s3-server.ts starts it): `node --openssl-legacy-provider
// local-s3-server-process.mjs <folder> <bucket>` serves that folder on a free port of 127.0.0.1 and prints the port.
// s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 offers only through its legacy provider:
// hence a process of its own, started with that flag, rather than a server inside the test's process.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

// s3rver 3.7.1 answers a PUT once the body has been handed to the file's write stream, not once the file is written
// (its putObject resolves on the transform's 'finish', or at once for a buffer): a GET right after can read a short
// object. Real S3 reads its own writes; loaded CI hosts made the storage tests fail on that (a file moved by
// `npm run files:move` read back short, 2026-11-30 and 2026-12-03). The same store, answering once the file is written.
FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const counting = new Transform({
    transform(chunk, encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  await pipeline(content, counting, createWriteStream(objectPath));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};

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
