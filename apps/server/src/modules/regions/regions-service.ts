import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '@kaskita/domain/contract/regions';
import { loadRegionDirectory, type RegionDirectory } from './region-directory.ts';

// One directory per process, however many apps it builds (tests build one per file): the data is static and public.
let shared: Promise<RegionDirectory> | undefined;

function sharedDirectory(log: FastifyBaseLogger): Promise<RegionDirectory> {
  if (!shared) {
    const started = performance.now();
    shared = loadRegionDirectory().then(
      (directory) => {
        log.info(
          { ms: Math.round(performance.now() - started), counts: directory.counts() },
          'regions loaded',
        );
        return directory;
      },
      (error: unknown) => {
        // The next request tries again rather than failing forever.
        shared = undefined;
        throw error;
      },
    );
  }
  return shared;
}

/**
 * The region directory, loaded on first use: reading the CSVs takes about half a second and ~20 MB of heap, which
 * every test app and a start that never shows an address form would otherwise pay.
 */
export class RegionsService {
  constructor(private readonly log: FastifyBaseLogger) {}

  directory(): Promise<RegionDirectory> {
    return sharedDirectory(this.log);
  }

  async areas(pid: string | undefined): Promise<{ list: Area[] }> {
    const directory = await this.directory();
    return {
      list: directory.children(pid).map(({ code, name, level }) => ({
        id: code,
        name,
        leaf: level === 'village',
      })),
    };
  }
}
