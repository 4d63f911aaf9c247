import { openDatabase, type Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { moveFiles, type FileMoveCounts } from '../providers/storage/file-move-service.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { fileStorageFromEnv } from '../providers/storage/file-storage-from-env.ts';
import { LocalFileStorage } from '../providers/storage/local-file-storage.ts';

export interface MoveFilesCommandOptions {
  /** An open, migrated database (tests); otherwise, with FILE_STORAGE=postgres, the one the settings name. */
  database?: Database;
  /** Where the files go (tests); otherwise the store FILE_STORAGE names. */
  target?: FileStorage;
  deleteSource?: boolean;
  progressEvery?: number;
  signal?: AbortSignal;
  /** Where the report goes, one line at a time: counts only, never a file's name or content. */
  write: (line: string) => void;
}

const describe = (counts: FileMoveCounts) =>
  `${counts.seen} files: ${counts.copied} copied, ${counts.alreadyThere} already there, ` +
  `${counts.deleted} deleted from STORAGE_DIR`;

/**
 * `npm run files:move [-- --delete-source]`: copies every file of STORAGE_DIR (the local disk store) to the store
 * FILE_STORAGE names, as it is. Returns the exit code: 0 when every file is there, 1 when some are not, 130 when
 * interrupted. Any run may be stopped, or killed, and run again.
 */
export async function moveFilesCommand(env: Env, options: MoveFilesCommandOptions): Promise<number> {
  const { write } = options;
  if (!options.target && env.FILE_STORAGE === 'local') {
    write(
      'FILE_STORAGE is local: the files are already where the app reads them. Set FILE_STORAGE=postgres or s3 ' +
        '(with its settings) and run again.',
    );
    return 1;
  }
  // Only the postgres store needs the database: an S3 move leaves an embedded database (and its lock) alone.
  const opened =
    !options.database && !options.target && env.FILE_STORAGE === 'postgres'
      ? await openDatabase(
          env.DATABASE_URL
            ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
            : { kind: 'pglite', dataDir: env.DATA_DIR },
        )
      : undefined;
  try {
    // Files may be moved before this version's first start, which is what creates stored_files.
    await opened?.migrate();
    const target = options.target ?? (await fileStorageFromEnv(env, (options.database ?? opened)?.db));
    const source = new LocalFileStorage(env.STORAGE_DIR);
    write(
      `Moving files from STORAGE_DIR to FILE_STORAGE=${env.FILE_STORAGE}` +
        (options.deleteSource ? ', deleting each once its copy is checked' : ''),
    );
    const counts = await moveFiles(source, target, {
      deleteSource: options.deleteSource,
      signal: options.signal,
      progressEvery: options.progressEvery,
      onProgress: (sofar) => write(`  ${describe(sofar)} so far`),
    });
    if (options.signal?.aborted) {
      write(`Interrupted after ${describe(counts)}. Run \`npm run files:move\` again to finish.`);
      return 130;
    }
    write(`Done: ${describe(counts)}.`);
    if (counts.vanished > 0)
      write(`${counts.vanished} were deleted from STORAGE_DIR by the app while listed.`);
    const left = counts.failed + counts.changed;
    if (left > 0) {
      write(
        `${counts.failed} read back different from what was written, ${counts.changed} changed in STORAGE_DIR ` +
          'while being moved: left in STORAGE_DIR. Run again to retry them.',
      );
      return 1;
    }
    return 0;
  } finally {
    await opened?.close();
  }
}
