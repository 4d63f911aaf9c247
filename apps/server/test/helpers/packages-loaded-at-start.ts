// Run as a process of its own by test/app/start-loads-lazily.test.ts: builds the app as `npm start` does (PGlite in a
// throwaway data dir, job workers on), then prints, as one line of JSON, the npm packages Node's CommonJS loader holds
// once it is ready, and again after a PDF was laid out, an S3 store made, a captcha drawn and an authenticator
// enrolled. pdf-lib, the AWS SDK and qrcode have no "exports" map, so an ESM import of one loads its CommonJS build
// into that cache; sharp's ESM build loads its native binding (@img/sharp-<platform>) there.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { rasterise } from '../../src/modules/auth/captcha-image.ts';
import { StaffTotp } from '../../src/modules/staff/staff-totp.ts';
import { loadEnv } from '../../src/env.ts';
import { fileStorageFromEnv } from '../../src/providers/storage/file-storage-from-env.ts';

const require = createRequire(import.meta.url);
const packages = () =>
  [
    ...new Set(
      Object.keys(require.cache).flatMap((path) => {
        const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
        return name ? [name] : [];
      }),
    ),
  ].sort();

const dir = mkdtempSync(join(tmpdir(), 'kaskita-start-'));
try {
  const app = await buildApp({
    envSource: {
      DATA_DIR: join(dir, 'data'),
      STORAGE_DIR: join(dir, 'files'),
      WEB_DIST_DIR: '/nonexistent/kaskita-dist',
      ADMIN_DIST_DIR: '/nonexistent/kaskita-admin-dist',
      JOB_SCHEDULES: 'false',
      LOG_LEVEL: 'error',
    },
  });
  await app.ready();
  const atStart = packages();
  await (await import('../../src/pdf/text-pdf-layout.ts')).newTextPdf();
  await fileStorageFromEnv(
    loadEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'kaskita', S3_REGION: 'ap-southeast-3' }),
    undefined,
  );
  await rasterise('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
  await new StaffTotp({ now: () => new Date() }).enrolment('staff@kaskita.test');
  const afterUse = packages();
  await app.close();
  console.log(JSON.stringify({ atStart, afterUse }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
