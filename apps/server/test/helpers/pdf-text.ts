import { inflateSync } from 'node:zlib';

/** One text-showing operator: the string, its font resource name and size, and where its line starts. */
export interface PdfTextRun {
  text: string;
  font: string;
  size: number;
  x: number;
  y: number;
}

/**
 * The text runs of a PDF written by pdf-lib with the standard fonts, in content-stream order (page order for
 * documents drawn page by page).
 *
 * Just enough of PDF to prove what a borrower would read: pdf-lib Flate-compresses each content stream and
 * writes Helvetica text as hex strings `<48656C6C6F> Tj` in WinAnsi, which matches Latin-1 for the characters
 * our documents use. No general extractor: no literal strings, no TJ arrays, positions from `Td`/`Tm` only.
 */
export function pdfTextRuns(pdf: Uint8Array): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  for (const content of flateStreams(Buffer.from(pdf))) {
    let font = '';
    let size = 0;
    let x = 0;
    let y = 0;
    const operators =
      /\/(\S+)\s+([\d.]+)\s+Tf|(-?[\d.]+)\s+(-?[\d.]+)\s+Td|(?:-?[\d.]+\s+){4}(-?[\d.]+)\s+(-?[\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const m of content.matchAll(operators)) {
      if (m[1] !== undefined) [font, size] = [m[1], Number(m[2])];
      else if (m[3] !== undefined) [x, y] = [Number(m[3]), Number(m[4])];
      else if (m[5] !== undefined) [x, y] = [Number(m[5]), Number(m[6])];
      else runs.push({ text: Buffer.from(m[7] ?? '', 'hex').toString('latin1'), font, size, x, y });
    }
  }
  return runs;
}

/** The text of {@link pdfTextRuns}, one run per line. */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextRuns(pdf)
    .map((r) => r.text)
    .join('\n');
}

/** The inflated data of every Flate-compressed stream, in file order. */
function flateStreams(bytes: Buffer): string[] {
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dataStart = start + 'stream'.length + (bytes[start + 6] === 0x0d ? 2 : 1);
    const end = bytes.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    at = end + 'endstream'.length;
    try {
      streams.push(inflateSync(bytes.subarray(dataStart, end)).toString('latin1'));
    } catch {
      // Not Flate data: no text of ours.
    }
  }
  return streams;
}
