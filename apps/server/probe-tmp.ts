import { buildApp } from './src/app.ts';
const app = await buildApp({
  envSource: {},
  env: { DATA_DIR: '/tmp/probedb', SCRYPT_N: 1024, LOG_LEVEL: 'silent' } as never,
});
await app.listen({ port: 3999, host: '127.0.0.1' });
console.log('listening');
