import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error.ts';
import { KtpReadTurns } from '../../src/modules/profile/ktp-read-turns.ts';

// The turns alone, with reads the test finishes by hand: what starts when does not depend on the machine's speed.
function heldRead(name: string, started: string[]) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const result = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const read = () => {
    started.push(name);
    return result;
  };
  return { read, finish: () => finish(name), fail: () => fail(new Error('OCR down')) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('KtpReadTurns', () => {
  it("starts a borrower's second read only when the first ends, and another borrower's at once", async () => {
    const turns = new KtpReadTurns();
    const started: string[] = [];
    const first = heldRead('busy1', started);
    const second = heldRead('busy2', started);
    const other = heldRead('other', started);
    const firstDone = turns.run('busy', first.read);
    const secondDone = turns.run('busy', second.read);
    const otherDone = turns.run('other', other.read);
    await settled();
    expect(started).toEqual(['busy1', 'other']);
    other.finish();
    expect(await otherDone).toBe('other');
    first.finish();
    expect(await firstDone).toBe('busy1');
    await settled();
    expect(started).toEqual(['busy1', 'other', 'busy2']);
    second.finish();
    expect(await secondDone).toBe('busy2');
  });

  it('refuses a third read at once with when to try again, and takes one again when a turn ends', async () => {
    const turns = new KtpReadTurns();
    const started: string[] = [];
    const [first, second, third, fourth] = ['1', '2', '3', '4'].map((name) => heldRead(name, started));
    const firstDone = turns.run('busy', first!.read);
    const secondDone = turns.run('busy', second!.read);
    const refused = await turns.run('busy', third!.read).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ key: 'RATE_LIMITED', data: { retry_after: expect.any(Number) } });
    first!.finish();
    await firstDone;
    await settled();
    const fourthDone = turns.run('busy', fourth!.read);
    second!.finish();
    fourth!.finish();
    expect(await Promise.all([secondDone, fourthDone])).toEqual(['2', '4']);
    expect(started).toEqual(['1', '2', '4']);
  });

  it("a failed read rejects its own caller only, and the borrower's next read still runs", async () => {
    const turns = new KtpReadTurns();
    const started: string[] = [];
    const failing = heldRead('failing', started);
    const next = heldRead('next', started);
    const failed = turns.run('busy', failing.read);
    const nextDone = turns.run('busy', next.read);
    failing.fail();
    await expect(failed).rejects.toThrow('OCR down');
    await settled();
    expect(started).toEqual(['failing', 'next']);
    next.finish();
    expect(await nextDone).toBe('next');
    await settled();
    // Nothing left pending: two more are taken at once.
    const more = [heldRead('a', started), heldRead('b', started)];
    const moreDone = more.map((r) => turns.run('busy', r.read));
    more.forEach((r) => r.finish());
    expect(await Promise.all(moreDone)).toEqual(['a', 'b']);
  });
});
