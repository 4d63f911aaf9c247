import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's rules that ESLint enforces (eslint.config.js), each probed with code that breaks it at a path
 * inside the tree and with a control that keeps it. The probe files do not exist: lintText lints the string as if it
 * were there, so `npm run lint` never sees them. A probe fails when its rule is removed or stops matching its files; a
 * control fails when a rule reaches too far.
 */
const ROOT = join(import.meta.dirname, '..');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/** Existing files to import, found rather than named: other changes move and rename them. */
function firstFile(dir: string, pattern: RegExp): string {
  const found = readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .sort()[0];
  if (!found) throw new Error(`no file matching ${pattern} under ${dir}`);
  return join(dir, found);
}

const feature = readdirSync(join(ROOT, WEB, 'features'), { withFileTypes: true }).find((d) =>
  d.isDirectory(),
)?.name;

const PROVIDER_PROBE = `${SERVER}/providers/sms/lint-probe.ts`;
const JOB_PROBE = `${SERVER}/jobs/lint-probe.ts`;
const FEATURE_PROBE = `${WEB}/features/${feature}/lint-probe.ts`;
const SERVER_TEST_PROBE = 'apps/server/test/lint-probe.test.ts';
const BARRELS = [
  `${SERVER}/jobs/index.ts`,
  `${WEB}/components/index.tsx`,
  'packages/domain/src/money/index.ts',
];

/** The import specifier of `target` (relative to the repository) from a file at `from`. */
function specifier(from: string, target: string): string {
  const path = relative(join(ROOT, from, '..'), join(ROOT, target)).replaceAll('\\', '/');
  return path.startsWith('.') ? path : `./${path}`;
}

let eslint: ESLint;
beforeAll(() => {
  const probes = [PROVIDER_PROBE, JOB_PROBE, FEATURE_PROBE, SERVER_TEST_PROBE, ...BARRELS];
  eslint = new ESLint({
    cwd: ROOT,
    // The rules are the repository's own, with one allowance for probes that are not on disk: import/no-cycle, which
    // reads the linted file from disk (it throws on a missing one), is off for them; it has no probe here.
    overrideConfig: [{ files: probes, rules: { 'import/no-cycle': 'off' } }],
  });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result?.messages ?? [];
}

async function rulesFired(filePath: string, code: string): Promise<(string | null)[]> {
  return (await lint(filePath, code)).map((m) => m.ruleId);
}

describe('boundaries: providers import nothing from the modules', () => {
  it("fails a provider importing a module's repository", async () => {
    const repository = firstFile(`${SERVER}/modules`, /-repository\.ts$/);
    const code = `import * as repository from '${specifier(PROVIDER_PROBE, repository)}';\nexport const probe = repository;\n`;
    expect(await rulesFired(PROVIDER_PROBE, code)).toContain('import/no-restricted-paths');
  });

  it('passes a provider importing the database and the callbacks (infrastructure)', async () => {
    const code = [
      `import * as columns from '../../db/columns.ts';`,
      `import * as verifiers from '../../callbacks/callback-verifiers.ts';`,
      `export const probe = [columns, verifiers];`,
      '',
    ].join('\n');
    expect(await lint(PROVIDER_PROBE, code)).toEqual([]);
  });
});

describe('boundaries: web features do not import the app', () => {
  it('fails a feature importing from app/', async () => {
    const appFile = firstFile(`${WEB}/app`, /^[^/\\]+\.tsx?$/);
    const code = `import * as app from '${specifier(FEATURE_PROBE, appFile)}';\nexport const probe = app;\n`;
    expect(await rulesFired(FEATURE_PROBE, code)).toContain('import/no-restricted-paths');
  });

  it('passes a feature importing config/', async () => {
    const paths = firstFile(`${WEB}/config`, /^paths\.tsx?$/);
    const code = `import * as paths from '${specifier(FEATURE_PROBE, paths)}';\nexport const probe = paths;\n`;
    expect(await lint(FEATURE_PROBE, code)).toEqual([]);
  });
});

describe('settings: process.env is read in env.ts only', () => {
  it.each([
    ['a property read', 'export const port = process.env.PORT;\n', 'no-restricted-properties'],
    [
      'a destructuring',
      'const { env } = process;\nexport const port = env.PORT;\n',
      'no-restricted-properties',
    ],
    [
      'an import',
      "import { env } from 'node:process';\nexport const port = env.PORT;\n",
      'no-restricted-imports',
    ],
  ])('fails %s elsewhere in the server', async (_case, code, rule) => {
    expect(await rulesFired(JOB_PROBE, code)).toContain(rule);
  });

  it('passes env.ts reading it, and server code outside src/ (tests)', async () => {
    const code = 'export const port = process.env.PORT;\n';
    expect(await lint(`${SERVER}/env.ts`, code)).toEqual([]);
    expect(await lint(SERVER_TEST_PROBE, code)).toEqual([]);
  });
});

describe('no barrel files below a package root', () => {
  it.each(BARRELS)('fails %s', async (path) => {
    expect(await rulesFired(path, 'export const probe = 1;\n')).toContain('kaskita/no-barrel-files');
  });

  it('passes the same file under another name', async () => {
    expect(await lint(JOB_PROBE, 'export const probe = 1;\n')).toEqual([]);
  });
});

describe('promises are awaited (oxlint --type-aware, .oxlintrc.json)', () => {
  /** The rules oxlint reports on `code`, type-checked in a project of its own (the rule needs a tsconfig). */
  async function oxlintRules(code: string): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'kaskita-oxlint-probe-'));
    try {
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext' } }),
      );
      writeFileSync(join(dir, 'probe.ts'), code);
      const run = promisify(execFile)(
        join(ROOT, 'node_modules/.bin/oxlint'),
        ['-c', join(ROOT, '.oxlintrc.json'), '--type-aware', '--format', 'json', join(dir, 'probe.ts')],
        { cwd: ROOT },
      );
      // It exits 1 when it finds an error: the report is on stdout either way.
      const { stdout } = await run.catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as { diagnostics: { code: string }[] };
      return report.diagnostics.map((d) => d.code);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const declare = 'export {};\nasync function send(): Promise<void> {}\n';

  it('fails a promise left floating', async () => {
    expect(await oxlintRules(`${declare}send();\n`)).toEqual(['typescript(no-floating-promises)']);
  });

  it('passes a promise awaited, or dropped on purpose with void', async () => {
    expect(await oxlintRules(`${declare}await send();\nvoid send();\n`)).toEqual([]);
  });

  it('runs in the checks, with its type information', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.checks).toContain('oxlint --type-aware');
  });
});
