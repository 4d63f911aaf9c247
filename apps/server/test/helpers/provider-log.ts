import { expect } from 'vitest';
import type { ProviderLog } from '../../src/providers/provider-descriptor.ts';

export interface LogLine {
  level: 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A provider log that keeps its lines, so a test can read what a provider would log and at which level. */
export function recordingLog(): { log: Required<ProviderLog>; logs: LogLine[] } {
  const logs: LogLine[] = [];
  return {
    logs,
    log: {
      warn: (fields, message) => logs.push({ level: 'warn', fields, message }),
      error: (fields, message) => logs.push({ level: 'error', fields, message }),
    },
  };
}

/** Neither the log lines nor the error (its message and stack) hold any of `secrets`. */
export function expectNoneOf(secrets: readonly string[], logs: LogLine[], error?: unknown): void {
  const text =
    JSON.stringify(logs) + (error instanceof Error ? `${error.message} ${String(error.stack)}` : '');
  for (const secret of secrets) expect(text).not.toContain(secret);
}

/** What the promise rejects with; the test fails when it resolves. */
export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
