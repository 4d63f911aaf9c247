/**
 * Text documents as A4 PDF pages with the standard Helvetica fonts: a title, a subtitle, then sections of a heading,
 * paragraphs and an optional table, flowed down the pages. Written for the signed loan agreement, whose bytes must be
 * a function of its input alone (modules/loans/loan-agreement-pdf.ts), and used by the borrower's copy of their data
 * (modules/personal-data). No clock, random number or time zone reaches the bytes: resource names are fixed (F1, F2)
 * and coordinates rounded. Its users import it when they render (`await import(...)`), so pdf-lib is not loaded at
 * every start of the server: 140-190 ms of CPU (2026-12-02/03) that only a document needs.
 */
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  showText,
  StandardFonts,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

/** One section: a heading, its paragraphs, and a table whose last row is a totals row. */
export interface PdfSection {
  heading: string;
  paragraphs: string[];
  table?: { columns: string[]; rows: string[][] };
}

export interface PdfText {
  title: string;
  subtitle: string;
  sections: PdfSection[];
}

// A4 portrait in points, with 2 cm margins; the footer sits inside the bottom margin.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 56.7, top: 56.7, bottom: 62 };
const FOOTER_Y = 34;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
const SIZE = { title: 16, subtitle: 9, heading: 11, body: 9.5, table: 9, footer: 8 };
const LEADING = 1.35;
const CELL_PADDING = 4;
const INK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

/** A new document with the two fonts a layout draws with. */
export async function newTextPdf(): Promise<{ doc: PDFDocument; layout: Layout }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  return { doc, layout: new Layout(doc, fonts, winAnsiSanitizer(fonts.regular)) };
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Flows headings, paragraphs and tables down A4 pages, opening a new page whenever the next line does not fit. */
export class Layout {
  private page!: PDFPage;
  private y = 0;
  /**
   * Fixed resource names per page: pdf-lib's drawText adds a fresh font entry to the page on every call that
   * names a font (dozens per page), so text is drawn with its own operators instead.
   */
  private readonly fontNames: Map<PDFFont, PDFName>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly clean: (text: string) => string,
  ) {
    this.fontNames = new Map([
      [fonts.regular, PDFName.of('F1')],
      [fonts.bold, PDFName.of('F2')],
    ]);
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    for (const [font, name] of this.fontNames) this.page.node.setFontDictionary(name, font.ref);
    this.y = PAGE.height - MARGIN.top;
  }

  document(text: PdfText): void {
    this.lines(text.title, this.fonts.bold, SIZE.title, INK);
    this.lines(text.subtitle, this.fonts.regular, SIZE.subtitle, GREY);
    for (const section of text.sections) this.section(section);
  }

  /** Page numbers go in last, once the page count is known. */
  footers(label: string): void {
    const pages = this.doc.getPages();
    const font = this.fonts.regular;
    pages.forEach((page, i) => {
      const number = `${i + 1}/${pages.length}`;
      const width = font.widthOfTextAtSize(number, SIZE.footer);
      this.text(page, this.clean(label), MARGIN.x, FOOTER_Y, font, SIZE.footer, GREY);
      this.text(page, number, PAGE.width - MARGIN.x - width, FOOTER_Y, font, SIZE.footer, GREY);
    });
  }

  private section(section: PdfSection): void {
    this.y -= SIZE.body * 0.8;
    // Keep a heading with at least two lines of what follows.
    this.ensure(SIZE.heading * LEADING + 2 * SIZE.body * LEADING);
    this.lines(section.heading, this.fonts.bold, SIZE.heading, INK);
    for (const paragraph of section.paragraphs) {
      // A paragraph with no lower-case letter is a warning meant to stand out (the OJK risk warning).
      const shouting = !/\p{Ll}/u.test(paragraph);
      this.lines(paragraph, shouting ? this.fonts.bold : this.fonts.regular, SIZE.body, INK);
      this.y -= SIZE.body * 0.3;
    }
    if (section.table) this.table(section.table.columns, section.table.rows);
  }

  /** Draws `text` wrapped to the content width. */
  private lines(text: string, font: PDFFont, size: number, color: Color): void {
    for (const line of wrap(this.clean(text), font, size, CONTENT_WIDTH)) {
      this.ensure(size * LEADING);
      this.y -= size * LEADING;
      this.text(this.page, line, MARGIN.x, this.y + size * 0.25, font, size, color);
    }
  }

  /** One line of already-sanitised text with its baseline at (x, y). */
  private text(
    page: PDFPage,
    line: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    color: Color,
  ): void {
    const name = this.fontNames.get(font);
    if (!name) throw new Error('font not registered with the layout');
    page.pushOperators(
      pushGraphicsState(),
      beginText(),
      setFillingColor(color),
      setFontAndSize(name, size),
      moveText(points(x), points(y)),
      showText(font.encodeText(line)),
      endText(),
      popGraphicsState(),
    );
  }

  /**
   * A table sized to its content: amount columns are right-aligned, the last row is the totals row (bold,
   * ruled above), and the header is repeated when the table continues on a new page.
   */
  private table(columns: string[], rows: string[][]): void {
    const header = columns.map(this.clean);
    const body = rows.map((row) => row.map(this.clean));
    const natural = header.map((h, c) =>
      Math.max(
        this.fonts.bold.widthOfTextAtSize(h, SIZE.table),
        ...body.map((row) => this.fonts.bold.widthOfTextAtSize(row[c] ?? '', SIZE.table)),
      ),
    );
    const naturalTotal = natural.reduce((a, b) => a + b, 0) + 2 * CELL_PADDING * natural.length;
    // Shrink the type rather than clip when the content is wider than the page; spread any room left over.
    const size = Math.min(SIZE.table, (SIZE.table * CONTENT_WIDTH) / naturalTotal);
    const scale = size / SIZE.table;
    const extra = Math.max(0, CONTENT_WIDTH - naturalTotal * scale) / natural.length;
    const widths = natural.map((w) => w * scale + 2 * CELL_PADDING + extra);
    const right = header.map((_, c) => body.every((row) => isAmount(row[c] ?? '')));
    const rowHeight = size * LEADING + 2;

    const drawRow = (cells: string[], font: PDFFont): void => {
      this.y -= rowHeight;
      let x = MARGIN.x;
      cells.forEach((cell, c) => {
        const width = widths[c] ?? 0;
        const textX = right[c]
          ? x + width - CELL_PADDING - font.widthOfTextAtSize(cell, size)
          : x + CELL_PADDING;
        if (cell) this.text(this.page, cell, textX, this.y + size * 0.4, font, size, INK);
        x += width;
      });
    };
    const rule = (): void => {
      this.page.drawLine({
        start: { x: MARGIN.x, y: points(this.y) },
        end: { x: MARGIN.x + CONTENT_WIDTH, y: points(this.y) },
        thickness: 0.5,
        color: GREY,
      });
    };
    const drawHeader = (): void => {
      drawRow(header, this.fonts.bold);
      rule();
    };

    this.ensure(3 * rowHeight);
    drawHeader();
    body.forEach((cells, r) => {
      const totals = r === body.length - 1;
      if (this.y - rowHeight < MARGIN.bottom) {
        this.newPage();
        drawHeader();
      }
      if (totals) rule();
      drawRow(cells, totals ? this.fonts.bold : this.fonts.regular);
    });
    this.y -= SIZE.body * 0.5;
  }

  /** Opens a new page unless `height` more points fit above the bottom margin. */
  private ensure(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }
}

/** Coordinates to a hundredth of a point: finer than any printer, and no "767.5899999999999" in the file. */
function points(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A cell holding an amount or a count ("Rp 1.000.000", "3", "0,1%"), which reads best right-aligned. */
function isAmount(cell: string): boolean {
  return cell === '' || /^-?(Rp )?[\d.,]+%?$/.test(cell);
}

/** Breaks `text` into lines no wider than `width`, at spaces, and inside a word only when it alone is too wide. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string): boolean => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * The standard Helvetica fonts encode only WinAnsi (Latin-1 and a few more), and pdf-lib throws on anything
 * else. Borrower names, addresses and bank names come from people, so: accents outside WinAnsi lose their
 * mark ("ş" → "s"), invisible joiners and variation selectors go, and whatever is left that cannot be
 * printed becomes "?", which shows that a character was there rather than silently dropping it.
 */
function winAnsiSanitizer(font: PDFFont): (text: string) => string {
  const encodable = new Set(font.getCharacterSet());
  const printable = (ch: string): boolean => encodable.has(ch.codePointAt(0) ?? -1);
  return (text) => {
    let out = '';
    for (const ch of text.normalize('NFC').replace(/\s+/gu, ' ')) {
      if (printable(ch)) out += ch;
      else if (/[\p{M}\p{Cf}\p{Emoji_Modifier}]/u.test(ch)) continue;
      else {
        const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
        out += base && [...base].every(printable) ? base : '?';
      }
    }
    return out;
  };
}
