// The container recipe (Dockerfile, .dockerignore, compose.yaml, deploy/) checked against the code, without Docker:
// CI has no daemon to build with. What the server reads at run time is found from the code (env.ts's defaults, the
// migrations folder, the serve script), so moving one of them fails here rather than in a deployed image.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { DockerfileParser, type Copy, type From, type ImageTemplate, type Instruction } from 'dockerfile-ast';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../apps/server/src/db/client.ts';
import { envSchema, loadEnv, REPO_ROOT } from '../apps/server/src/env.ts';
import { productionProblems } from '../apps/server/src/production-guard.ts';
import { planProviders } from '../apps/server/src/providers/provider-registry.ts';

const ROOT = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readJson = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;

const ENV_FILE = 'deploy/production.env';
const ENV_EXAMPLE = `${ENV_FILE}.example`;
/** A setting's name that says it holds a secret. */
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSKEY|USERKEY|(^|_)KEY($|_ID)|CREDENTIAL/;
/** Exactly one compose interpolation, `${NAME}`, `${NAME:-default}` or `${NAME:?message}`. */
const INTERPOLATION = /^\$\{(\w+)(?::?[-?][^}]*)?\}$/;

// ---------------------------------------------------------------------------------------------------------------
// Dockerfile

const dockerfileText = read('Dockerfile');
const dockerfile = DockerfileParser.parse(dockerfileText);

interface Stage {
  from: From;
  name: string | null;
  image: ImageTemplate;
}

const stages: Stage[] = dockerfile.getFROMs().map((from) => {
  const image = dockerfile.getContainingImage(from.getRange().start);
  if (!image) throw new Error(`no stage at ${from.toString()}`);
  return { from, name: from.getBuildStage(), image };
});
const runtime = stages.at(-1)!;
const keyword = (instruction: Instruction) => instruction.getKeyword().toUpperCase();
const instructionsOf = (stage: Stage, name: string) =>
  stage.image.getInstructions().filter((i) => keyword(i) === name);
const runsOf = (stage: Stage) => instructionsOf(stage, 'RUN').map((i) => i.getArgumentsContent() ?? '');
const workdirOf = (stage: Stage) => {
  const workdir = instructionsOf(stage, 'WORKDIR').at(-1)?.getArgumentsContent();
  if (!workdir) throw new Error(`stage ${stage.name ?? '?'} sets no WORKDIR`);
  return workdir;
};
/** ENV of a stage as name -> value. */
const envOf = (stage: Stage) =>
  Object.fromEntries(
    stage.image
      .getENVs()
      .flatMap((env) => env.getProperties())
      .map((p) => [p.getName(), p.getValue() ?? '']),
  );
/** A JSON-form instruction's strings (CMD, HEALTHCHECK ... CMD), or null in shell form. */
function jsonStrings(instruction: Instruction): string[] | null {
  const text = instruction.getArgumentsContent() ?? '';
  const start = text.indexOf('[');
  return start < 0 ? null : (JSON.parse(text.slice(start)) as string[]);
}
/** Each path a COPY writes (relative to the stage's WORKDIR when not absolute), with where it reads it from. */
function copiedPaths(stage: Stage): Array<{ target: string; source: string; from: string | null }> {
  const workdir = workdirOf(stage);
  return stage.image.getCOPYs().flatMap((copy: Copy) => {
    const args = copy.getArguments().map((a) => a.getValue());
    const dest = args.at(-1)!;
    const from = copy.getFromFlag()?.getValue() ?? null;
    return args.slice(0, -1).map((source) => {
      const target = dest.endsWith('/') ? posix.join(dest, posix.basename(source)) : dest;
      return { target: posix.relative(workdir, posix.resolve(workdir, target)), source, from };
    });
  });
}

const rootPackage = readJson('package.json') as { scripts: Record<string, string> };
const serveArgs = rootPackage.scripts.serve!.trim().split(/\s+/);
const bundleEntry = serveArgs.find((a) => a.endsWith('.js'))!;
const defaults = loadEnv({});
const fromRoot = (path: string) => relative(REPO_ROOT, path).split('\\').join('/');

/** What the compiled server reads from disk at run time, found from the code. */
const RUN_TIME_PATHS = {
  // The bundle, its chunks and the face check's worker (tooling/build-server.ts).
  bundle: dirname(bundleEntry),
  // Applied at start (app.ts), compared with the database by /ready, and the marker REPO_ROOT is found by (env.ts).
  migrations: fromRoot(MIGRATIONS_DIR),
  web: fromRoot(defaults.WEB_DIST_DIR),
  admin: fromRoot(defaults.ADMIN_DIST_DIR),
};

/**
 * The workspaces whose npm packages the bundle leaves as imports: the manifests tooling/build-server.ts reads
 * (npmPackages) but the root's, which has devDependencies only (the server imports none of them: checked below).
 */
const RUN_TIME_WORKSPACES = [
  ...read('tooling/build-server.ts').matchAll(/'((?:apps|packages)\/[\w-]+)\/package\.json'/g),
].map((m) => m[1]!);

describe('Dockerfile', () => {
  it('has nothing the Dockerfile linter (dockerfile-utils) reports, warnings included', () => {
    const everything = {
      deprecatedMaintainer: ValidationSeverity.ERROR,
      directiveCasing: ValidationSeverity.ERROR,
      emptyContinuationLine: ValidationSeverity.ERROR,
      instructionCasing: ValidationSeverity.ERROR,
      instructionCmdMultiple: ValidationSeverity.ERROR,
      instructionEntrypointMultiple: ValidationSeverity.ERROR,
      instructionHealthcheckMultiple: ValidationSeverity.ERROR,
      instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
      instructionWorkdirRelative: ValidationSeverity.ERROR,
    };
    const found = validate(dockerfileText, everything).map(
      (d) => `line ${d.range.start.line + 1}: ${d.message}`,
    );
    expect(found).toEqual([]);
  });

  it('builds from one pinned Node 24 bookworm-slim image, never ADDs, and installs with npm ci', () => {
    const stageNames = new Set<string>();
    const images = new Set<string>();
    for (const { from, name } of stages) {
      const image = from.getImage() ?? '';
      if (!stageNames.has(image)) {
        expect(from.getImageName()).toBe('node');
        expect(from.getImageTag()).toMatch(/^24\.\d+\.\d+-bookworm-slim$/);
        images.add(image);
      }
      if (name) stageNames.add(name);
    }
    expect([...images]).toHaveLength(1);
    expect(dockerfile.getInstructions().filter((i) => keyword(i) === 'ADD')).toEqual([]);
    const runs = stages.flatMap(runsOf);
    expect(runs.filter((r) => /\bnpm (install|i)\b/.test(r))).toEqual([]);
    // No apt: nothing the server runs needs a system package (sharp, PGlite, tesseract and TensorFlow bring theirs).
    expect(runs.filter((r) => /\bapt(-get)?\b/.test(r))).toEqual([]);
  });

  it('builds everything with the lock file in a build stage', () => {
    const build = stages.find((s) => runsOf(s).some((r) => /^npm run build$/.test(r.trim())));
    expect(build, 'a stage runs `npm run build`').toBeDefined();
    const runs = runsOf(build!);
    expect(runs.findIndex((r) => r.startsWith('npm ci'))).toBeLessThan(
      runs.findIndex((r) => r.trim() === 'npm run build'),
    );
    expect(copiedPaths(build!).map((c) => c.target)).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', '.npmrc']),
    );
    // The web app without its test routes (apps/web/src/config/env.ts).
    expect(envOf(build!).VITE_APP_ONLINE).toBe('true');
  });

  it("starts the bundle as package.json's serve script does", () => {
    const cmds = runtime.image.getCMDs();
    expect(cmds).toHaveLength(1);
    expect(jsonStrings(cmds[0]!)).toEqual(serveArgs);
    expect(runtime.image.getENTRYPOINTs()).toEqual([]);
    expect(serveArgs[0]).toBe('node');
  });

  it('runs as an unprivileged user, in production, on port 3000 of every interface', () => {
    const users = instructionsOf(runtime, 'USER').map((u) => u.getArgumentsContent());
    expect(users.at(-1)).toBe('node');
    const env = envOf(runtime);
    expect(env.NODE_ENV).toBe('production');
    // env.ts's default `localhost` would listen on the container's loopback only.
    expect(['0.0.0.0', '::']).toContain(env.HOST);
    expect(env.PORT ?? String(defaults.PORT)).toBe('3000');
    expect(instructionsOf(runtime, 'EXPOSE').map((e) => e.getArgumentsContent())).toEqual(['3000']);
  });

  it('copies into the runtime stage every file the server reads at run time, the build outputs from the build', () => {
    const build = stages.find((s) => runsOf(s).some((r) => r.trim() === 'npm run build'))!;
    const copies = copiedPaths(runtime);
    const covering = (path: string) =>
      copies.filter((c) => c.target === path || path.startsWith(`${c.target}/`) || c.target === '');
    for (const [what, path] of Object.entries(RUN_TIME_PATHS)) {
      const found = covering(path);
      expect(found, `${what} (${path}) is copied into the runtime stage`).not.toEqual([]);
      if (what !== 'migrations') {
        // Made by `npm run build`: copied from that stage, from the same path there.
        expect(found.map((c) => [c.from, c.source])).toContainEqual([
          build.name,
          posix.join(workdirOf(build), path),
        ]);
      }
    }
    expect(workdirOf(runtime)).toBe(workdirOf(build));
    // The bundle's .js files are ES modules by their package.json.
    expect(readJson('apps/server/package.json').type).toBe('module');
    expect(copies.map((c) => c.target)).toContain('apps/server/package.json');
  });

  it("installs the production dependencies of the bundle's workspaces, and every package they import is one", () => {
    expect(RUN_TIME_WORKSPACES).toEqual(expect.arrayContaining(['apps/server', 'packages/domain']));
    const copies = copiedPaths(runtime);
    const modules = copies.find((c) => c.target === 'node_modules');
    expect(modules?.from, 'node_modules comes from a stage').toBeTruthy();
    const deps = stages.find((s) => s.name === modules!.from)!;
    const install = runsOf(deps).find((r) => r.startsWith('npm ci'))!;
    expect(install).toMatch(/--omit=dev\b/);
    const names = RUN_TIME_WORKSPACES.map((w) => readJson(`${w}/package.json`).name as string);
    for (const name of names) expect(install).toContain(`--workspace=${name}`);
    // npm nests a package under the workspace when the root holds another version of it.
    expect(copies.map((c) => c.target)).toContain('apps/server/node_modules');

    const runTimeDependencies = new Set(
      RUN_TIME_WORKSPACES.flatMap((w) =>
        Object.keys((readJson(`${w}/package.json`).dependencies as Record<string, string>) ?? {}),
      ),
    );
    const missing = RUN_TIME_WORKSPACES.flatMap((w) =>
      sourceFiles(join(ROOT, w, 'src')).flatMap((file) =>
        importedPackages(readFileSync(file, 'utf8'))
          .filter((name) => !runTimeDependencies.has(name))
          .map((name) => `${relative(ROOT, file)} imports ${name}`),
      ),
    );
    expect(missing, 'imported by the server but not a production dependency (npm ci --omit=dev)').toEqual([]);
  });

  it('checks liveness on /health with node (the slim image has no curl), and the check works', async () => {
    const checks = runtime.image.getHEALTHCHECKs();
    expect(checks).toHaveLength(1);
    const command = jsonStrings(checks[0]!)!;
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toContain('/health');
    expect(command).toHaveLength(3);
    await expectHealthCheck(command[2]!, '/health', (port) => ({ PORT: String(port) }));
  });
});

describe('.dockerignore', () => {
  const entries = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('keeps installs, builds, data, git, test output and secrets out of the build context', () => {
    expect(entries).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.git', 'test-output', '.env', ENV_FILE]),
    );
  });

  it('keeps in what the build needs', () => {
    const needed = [
      'package.json',
      'package-lock.json',
      '.npmrc',
      RUN_TIME_PATHS.migrations,
      ...RUN_TIME_WORKSPACES.map((w) => `${w}/src`),
    ];
    for (const path of needed)
      for (const entry of entries)
        expect(
          path === entry || path.startsWith(`${entry.replace(/^\*\*\//, '')}/`),
          `${entry} ignores ${path}`,
        ).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// compose.yaml and deploy/

interface ComposeService {
  image?: string;
  command?: string | string[];
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: string | Array<string | { path: string }>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: Array<string | { source?: string; target?: string }>;
}

const composeText = read('compose.yaml');
const compose = parseYaml(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
const services = compose.services;
/** A service's volumes as source and target, whether written short (`source:target[:mode]`) or long. */
const mountsOf = (service: ComposeService) =>
  (service.volumes ?? []).map((v) =>
    typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v,
  );
const APP_SERVICES = ['app-1', 'app-2'];

const environmentOf = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(
    Array.isArray(service.environment)
      ? service.environment.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])
      : Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
  );
const envFilesOf = (service: ComposeService) =>
  [service.env_file ?? []].flat().map((f) => (typeof f === 'string' ? f : f.path));
const dependsOf = (service: ComposeService): Record<string, { condition?: string }> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, {}]))
    : (service.depends_on ?? {});

/** The example's settings, `NAME=value` lines (commented ones left out). */
const example = Object.fromEntries(
  read(ENV_EXAMPLE)
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
/** The names compose.yaml interpolates (`${NAME}`), which `--env-file deploy/production.env` must give. */
const interpolated = new Set([...composeText.matchAll(/\$\{(\w+)/g)].map((m) => m[1]!));

/** A copy of the example as someone fills it in: a random value for each one left empty. */
function filledExample(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(example).map(([name, value]) => {
      if (value !== '') return [name, value];
      const secret = randomBytes(32).toString('hex');
      return [name, name === 'XENDIT_SECRET_KEY' ? `xnd_production_${secret}` : secret];
    }),
  );
}

/** A compose value with its interpolations replaced as `docker compose --env-file` would. */
const interpolate = (value: string, vars: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (_, name: string, op?: string, rest?: string) => {
    const set = vars[name];
    if (set !== undefined && set !== '') return set;
    if (op?.endsWith('-')) return rest ?? '';
    throw new Error(`${name} is not set: ${rest ?? ''}`);
  });

/** What an app service's process sees: the env file, then compose's environment over it. */
const appProcessEnv = (service: ComposeService, file: Record<string, string>) => ({
  ...file,
  ...Object.fromEntries(Object.entries(environmentOf(service)).map(([k, v]) => [k, interpolate(v, file)])),
});

/** Production's refusals for a set of settings: an invalid setting or the production guard's problems. */
function refusals(source: Record<string, string>): string[] {
  try {
    const env = loadEnv(source);
    return productionProblems(env, planProviders(env));
  } catch (error) {
    return [(error as Error).message];
  }
}

describe('compose.yaml', () => {
  it('runs two instances of the one image built here', () => {
    const apps = Object.entries(services).filter(([, s]) => s.build !== undefined);
    expect(apps.map(([name]) => name)).toEqual(APP_SERVICES);
    const [one, two] = APP_SERVICES.map((name) => services[name]!);
    expect(two!.image).toBe(one!.image);
    expect(two!.build).toEqual(one!.build);
    const build = one!.build as string | { context?: string; dockerfile?: string };
    const context = typeof build === 'string' ? build : (build.context ?? '.');
    expect(
      existsSync(
        join(ROOT, context, typeof build === 'string' ? 'Dockerfile' : (build.dockerfile ?? 'Dockerfile')),
      ),
    ).toBe(true);
  });

  it('gives both instances the same database, on the PostgreSQL 16 service, and shared file storage', () => {
    const postgres = services.postgres!;
    expect(postgres.image).toMatch(/^postgres:16\.\d+(-[a-z]+)?$/);
    const pgEnv = environmentOf(postgres);
    const urls = APP_SERVICES.map((name) => environmentOf(services[name]!).DATABASE_URL);
    expect(urls[1]).toBe(urls[0]);
    const url = new URL(interpolate(urls[0]!, { POSTGRES_PASSWORD: 'x' }));
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('postgres');
    expect(url.username).toBe(pgEnv.POSTGRES_USER);
    expect(url.pathname).toBe(`/${pgEnv.POSTGRES_DB}`);
    // The app's password is the database's, from the env file.
    const password = INTERPOLATION.exec(pgEnv.POSTGRES_PASSWORD ?? '')?.[1];
    expect(password).toBe('POSTGRES_PASSWORD');
    expect(urls[0]).toContain(`\${${password}`);
    for (const name of APP_SERVICES) expect(environmentOf(services[name]!).FILE_STORAGE).toBe('postgres');
  });

  it("keeps the database's files in a named volume", () => {
    const data = mountsOf(services.postgres!).find((m) => m.target === '/var/lib/postgresql/data');
    expect(data?.source).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(data!.source);
  });

  it('runs PostgreSQL with deploy/postgresql.conf, which still lets the instances in', () => {
    const postgres = services.postgres!;
    const config = mountsOf(postgres).find((m) => m.source === './deploy/postgresql.conf');
    expect(config?.target).toBeDefined();
    expect([postgres.command].flat().join(' ')).toContain(`config_file=${config!.target}`);
    // A config_file replaces the image's whole file, whose listen_addresses is '*': without it, no instance connects.
    expect(read('deploy/postgresql.conf')).toMatch(/^listen_addresses = '\*'$/m);
  });

  it('starts each instance once PostgreSQL is healthy, the second once the first is (one migrates at a time)', () => {
    for (const name of APP_SERVICES)
      expect(dependsOf(services[name]!).postgres?.condition, name).toBe('service_healthy');
    expect(dependsOf(services['app-2']!)['app-1']?.condition).toBe('service_healthy');
  });

  it('has a health check on every service', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.healthcheck?.disable, name).not.toBe(true);
    }
    expect([services.postgres!.healthcheck!.test].flat().join(' ')).toContain('pg_isready');
  });

  it("checks the instances' readiness (/ready) with a check that works", async () => {
    for (const name of APP_SERVICES) {
      const test = services[name]!.healthcheck!.test as string[];
      expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
      expect(test[3]).toContain('/ready');
      const port = environmentOf(services[name]!).PORT;
      expect(test[3]).toContain(`127.0.0.1:${port}/`);
      await expectHealthCheck(test[3]!.replace(`:${port}/`, ':${PORT}/'), '/ready', () => ({}));
    }
  });

  it('writes no secret: secrets come from the env file or an interpolation of it', () => {
    const inline: string[] = [];
    for (const [name, service] of Object.entries(services))
      for (const [key, value] of Object.entries(environmentOf(service))) {
        if (SECRET_NAME.test(key) && !INTERPOLATION.test(value)) inline.push(`${name}: ${key}`);
        for (const match of value.matchAll(/\/\/[^/:@\s]+:([^@\s]*)@/g))
          if (!INTERPOLATION.test(match[1]!)) inline.push(`${name}: ${key} holds a password`);
      }
    expect(inline).toEqual([]);
    for (const name of APP_SERVICES) expect(envFilesOf(services[name]!)).toEqual([ENV_FILE]);
  });

  it('balances the instances in deploy/Caddyfile, on their readiness', () => {
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(APP_SERVICES.map((name) => `${name}:${environmentOf(services[name]!).PORT}`));
    expect(caddyfile).toMatch(/health_uri \/ready/);
  });
});

describe(ENV_EXAMPLE, () => {
  const settings = new Set(Object.keys(envSchema.shape));

  it("names only the server's settings and compose.yaml's interpolations, and gives every interpolation", () => {
    expect(Object.keys(example).filter((name) => !settings.has(name) && !interpolated.has(name))).toEqual([]);
    expect([...interpolated].filter((name) => !(name in example))).toEqual([]);
  });

  it('holds no secret: every secret is left empty, to be filled', () => {
    expect(Object.entries(example).filter(([name, value]) => SECRET_NAME.test(name) && value !== '')).toEqual(
      [['DATA_ENCRYPTION_KEY_ID', 'k1']],
    );
  });

  it('has a comment above each setting', () => {
    const lines = read(ENV_EXAMPLE).split('\n');
    const bare = lines.filter((line, i) => /^[A-Z][A-Z0-9_]*=/.test(line) && !lines[i - 1]?.startsWith('#'));
    expect(bare).toEqual([]);
  });

  it('lists every setting production requires: filled in, with compose.yaml, it passes the production guard', () => {
    for (const name of APP_SERVICES)
      expect(refusals(appProcessEnv(services[name]!, filledExample())), name).toEqual([]);
  });

  it('is refused as it stands, and without any one of the values to fill but those marked optional', () => {
    const refusedWith = (file: Record<string, string>) => {
      try {
        return refusals(appProcessEnv(services['app-1']!, file)).length > 0;
      } catch {
        return true; // compose itself refuses: a `${NAME:?...}` without a value
      }
    };
    expect(refusedWith(example)).toBe(true);
    const lines = read(ENV_EXAMPLE).split('\n');
    const optional = (name: string) => {
      const at = lines.findIndex((line) => line.startsWith(`${name}=`));
      let first = at;
      while (lines[first - 1]?.startsWith('#')) first -= 1;
      return lines[first]!.startsWith('# Optional');
    };
    const toFill = Object.keys(example).filter((name) => example[name] === '');
    expect(toFill.length).toBeGreaterThan(0);
    for (const name of toFill)
      expect(refusedWith({ ...filledExample(), [name]: '' }), `${name} left empty`).toBe(!optional(name));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// helpers

/** The .ts and .mjs files under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs)$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => join(dir, f));
}

const BUILTINS = new Set(builtinModules);

/** The npm packages a module imports or requires at run time (type-only imports left out), or resolves a file of. */
function importedPackages(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...code.matchAll(/^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...code.matchAll(/\b(?:require|createRequire\([^)]*\))\.resolve\(\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return [
    ...new Set(
      specifiers
        .filter((s) => !/^(\.|\/|node:|#)/.test(s) && !BUILTINS.has(s))
        .map((s) =>
          s
            .split('/')
            .slice(0, s.startsWith('@') ? 2 : 1)
            .join('/'),
        )
        .filter((name) => !name.startsWith('@kaskita/')),
    ),
  ];
}

let probe: Server;
let probeStatus = 200;
const probePaths: string[] = [];
beforeAll(async () => {
  probe = createServer((request, response) => {
    probePaths.push(request.url ?? '');
    response.writeHead(probeStatus).end();
  });
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
});
afterAll(() => new Promise<void>((done) => probe.close(() => done())));

/** Runs a health check's `node -e` script as Docker would, against a stand-in server: 200 passes, else fails. */
async function expectHealthCheck(
  script: string,
  path: string,
  env: (port: number) => Record<string, string>,
): Promise<void> {
  const { port } = probe.address() as AddressInfo;
  const runnable = script.replace('${PORT}', String(port));
  const exitCode = () =>
    new Promise<number | null>((done) => {
      const child = spawn(process.execPath, ['-e', runnable], {
        env: { ...process.env, ...env(port) },
        stdio: 'ignore',
      });
      child.on('exit', done);
    });
  probePaths.length = 0;
  probeStatus = 200;
  expect(await exitCode()).toBe(0);
  expect(probePaths).toEqual([path]);
  probeStatus = 503;
  expect(await exitCode()).toBe(1);
}
