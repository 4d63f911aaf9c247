import type { FileStorage } from './file-storage.ts';

export interface FileMoveCounts {
  /** Files the source listed and this run looked at. */
  seen: number;
  /** Written to the target and read back identical. */
  copied: number;
  /** Already in the target with identical bytes (a run before this one copied them): not written again. */
  alreadyThere: number;
  /** Removed from the source after their copy was checked (deleteSource). */
  deleted: number;
  /** Listed, then gone from the source before they were read (deleted by the app meanwhile). */
  vanished: number;
  /** Changed in the source while being moved (a key rotation, say): kept there, copied again by the next run. */
  changed: number;
  /** Read back from the target different from what was written: kept in the source, tried again by the next run. */
  failed: number;
}

export interface FileMoveOptions {
  /** Deletes each source file once the target holds identical bytes. */
  deleteSource?: boolean;
  /** Checked between files (Ctrl-C in the command): a file is never left half done. */
  signal?: AbortSignal;
  /** Called every progressEvery files (100 by default). */
  onProgress?: (counts: Readonly<FileMoveCounts>) => void;
  progressEvery?: number;
}

/**
 * Copies every file of one storage to another as it is (the ciphertext stays valid: it is bound to its storage key,
 * which does not change). Each file is compared with what the target already holds, copied only when different, read
 * back, and only then, if asked, deleted from the source. So a run stopped at any point, even killed, is finished by
 * running again: nothing is copied twice, and nothing leaves the source before the target is known to have it.
 */
export async function moveFiles(
  source: FileStorage,
  target: FileStorage,
  options: FileMoveOptions = {},
): Promise<FileMoveCounts> {
  const { deleteSource = false, signal, onProgress, progressEvery = 100 } = options;
  const counts: FileMoveCounts = {
    seen: 0,
    copied: 0,
    alreadyThere: 0,
    deleted: 0,
    vanished: 0,
    changed: 0,
    failed: 0,
  };
  for await (const key of source.list()) {
    if (signal?.aborted) break;
    counts.seen += 1;
    await moveOne(key, source, target, deleteSource, counts);
    if (counts.seen % progressEvery === 0) onProgress?.(counts);
  }
  return counts;
}

async function moveOne(
  key: string,
  source: FileStorage,
  target: FileStorage,
  deleteSource: boolean,
  counts: FileMoveCounts,
): Promise<void> {
  const bytes = await source.get(key);
  if (!bytes) {
    counts.vanished += 1;
    return;
  }
  const there = await target.get(key);
  if (there?.equals(bytes)) counts.alreadyThere += 1;
  else {
    await target.put(key, bytes);
    const readBack = await target.get(key);
    if (!readBack?.equals(bytes)) {
      counts.failed += 1;
      return;
    }
    counts.copied += 1;
  }
  if (!deleteSource) return;
  // Files are write-once but for key rotation: one rewritten since it was read would be lost with the source.
  const now = await source.get(key);
  if (!now?.equals(bytes)) {
    counts.changed += 1;
    return;
  }
  await source.delete(key);
  counts.deleted += 1;
}
