import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Line, type Worker } from 'tesseract.js';
import type { ProviderLog } from '../provider-descriptor.ts';
import { parseKtpText, type OcrLine } from './ktp-text-parser.ts';
import type { ImageInput, KtpReading, OcrProvider } from './ocr-provider.ts';

/**
 * The English model in its "best, integer" form (2.9 MB, gzipped): as accurate as "best" and faster. KTP labels are
 * Indonesian, but the card's words are plain Latin capitals and digits, which it reads well (stack-notes.md, OCR).
 */
export const TESSERACT_LANG_PATH = join(
  dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

export type OcrFailure = 'timeout' | 'busy' | 'closed' | 'engine';

/** The engine could not read: the route should let the borrower type the fields (or try again), never fail KYC. */
export class OcrError extends Error {
  constructor(
    readonly reason: OcrFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OcrError';
  }
}

export interface TesseractOcrOptions {
  /** One read, including starting the engine when it is not running: beyond it the worker is replaced. */
  timeoutMs?: number;
  /** Reads allowed to wait for the worker; more are refused at once rather than queued for minutes. */
  maxWaiting?: number;
  log?: ProviderLog;
}

export interface OcrPage {
  text: string;
  lines: OcrLine[];
  /** 0..100, tesseract's mean word confidence. */
  confidence: number;
}

/**
 * Reads KTPs with tesseract.js, offline, in one long-lived worker thread. Starting it costs about a second (loading
 * the model), so it starts on the first read (or `start()`) and stays; reads go to it one at a time, in arrival order.
 */
export class TesseractOcrProvider implements OcrProvider {
  readonly kind = 'ocr';
  readonly name = 'tesseract';
  readonly sandbox = false;

  private readonly timeoutMs: number;
  private readonly maxWaiting: number;
  private readonly log: ProviderLog | undefined;
  private worker: Promise<Worker> | null = null;
  /** The last queued read, settled or not: the next one starts after it. */
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;

  constructor(options: TesseractOcrOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxWaiting = options.maxWaiting ?? 16;
    this.log = options.log;
  }

  /** Starts the worker now rather than on the first read (at boot, or a benchmark's warm-up). */
  async start(): Promise<void> {
    await this.enqueue(() => this.ensureWorker());
  }

  async readKtp(image: ImageInput): Promise<KtpReading> {
    return parseKtpText((await this.readPage(image.bytes)).lines);
  }

  /** The engine's text and lines, for the parser and for measuring accuracy. */
  readPage(image: Uint8Array): Promise<OcrPage> {
    const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    return this.enqueue(async (abandoned) => {
      const worker = await this.ensureWorker();
      // Timed out while the engine was starting: that worker is being stopped and must not be handed this image.
      if (abandoned()) throw new OcrError('timeout', 'abandoned');
      const { data } = await worker.recognize(bytes, {}, { text: true, blocks: true });
      const lines = (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines.map(withoutSpecks)),
      );
      return { text: data.text, lines, confidence: data.confidence };
    });
  }

  /** Refuses new reads, lets those already queued finish, and stops the worker. */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    await this.stopWorker();
  }

  /** Runs `task` after every read queued before it, within the time-out. */
  private enqueue<T>(task: (abandoned: () => boolean) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new OcrError('closed', 'the OCR engine is shut down'));
    if (this.waiting >= this.maxWaiting)
      return Promise.reject(new OcrError('busy', `${this.waiting} reads already waiting`));
    this.waiting += 1;
    const run = this.tail.then(() => {
      this.waiting -= 1;
      return this.withTimeout(task);
    });
    this.tail = run.catch(() => {});
    return run;
  }

  private async withTimeout<T>(task: (abandoned: () => boolean) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new OcrError('timeout', `no answer in ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([task(() => timedOut), timeout]);
    } catch (error) {
      // A worker that timed out or failed may still be busy or broken: the next read gets a fresh one.
      await this.stopWorker();
      if (error instanceof OcrError) throw error;
      throw new OcrError('engine', (error as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  private ensureWorker(): Promise<Worker> {
    this.worker ??= this.createWorker();
    return this.worker;
  }

  private async createWorker(): Promise<Worker> {
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: TESSERACT_LANG_PATH,
      // Offline: read the bundled model, never write a cache or fetch from a CDN.
      cacheMethod: 'none',
      gzip: true,
      errorHandler: (error: unknown) =>
        this.log?.warn({ provider: 'tesseract', err: String(error) }, 'OCR worker error'),
    });
    // One block of text lines, as a card is: the automatic layout splits labels from values into columns.
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      // Uploads carry no usable resolution: tesseract then warns on stderr for every image and uses 70 anyway.
      user_defined_dpi: '70',
    });
    return worker;
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await worker.then(
      (w) => w.terminate(),
      () => {}, // it never started: nothing to stop
    );
  }
}

/**
 * Below this a word standing apart from the text is a speck or the photo's edge read as letters (measured: 0-33 for
 * those, 84+ for printed words); a word among others is kept whatever its score, so a name never loses a part.
 */
const SPECK_CONFIDENCE = 40;

/** A line's words without specks, scored by the words kept (specks drag a clean line's score under the parser's bar). */
function withoutSpecks(line: Line): OcrLine {
  const height = line.bbox.y1 - line.bbox.y0;
  const kept: Line['words'] = [];
  let previousEnd: number | null = null;
  for (const word of line.words) {
    const apart = previousEnd !== null && word.bbox.x0 - previousEnd > 2 * height;
    if (!(apart && word.confidence < SPECK_CONFIDENCE)) kept.push(word);
    previousEnd = word.bbox.x1;
  }
  if (kept.length === 0) return { text: '', confidence: 0 };
  return {
    text: kept.map((word) => word.text).join(' '),
    confidence: kept.reduce((sum, word) => sum + word.confidence, 0) / kept.length,
  };
}
