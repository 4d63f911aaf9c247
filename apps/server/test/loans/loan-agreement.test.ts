import { createHash } from 'node:crypto';
import { PDFDict, PDFDocument, PDFName, type PDFFont } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatPercent } from '@kaskita/domain/money/rate';
import { formatRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { plan, type Plan } from '@kaskita/domain/pricing/plan';
import { parseProduct } from '@kaskita/domain/pricing/product';
import { capsInForce } from '@kaskita/domain/pricing/regulatory-caps';
import { checkPlan, lateFeeCeiling } from '@kaskita/domain/pricing/regulatory-check';
import { renderLoanAgreementPdf } from '../../src/modules/loans/loan-agreement-pdf.ts';
import {
  LOAN_AGREEMENT_VERSION,
  loanAgreementText,
  type AgreementText,
  type LoanAgreementInput,
} from '../../src/modules/loans/loan-agreement-text.ts';
import { pdfText, pdfTextRuns } from '../helpers/pdf-text.ts';

const TODAY = '2026-11-25';
const RISK_WARNING =
  'HATI-HATI, TRANSAKSI INI BERISIKO TINGGI. ANDA DAPAT SAJA MENGALAMI KERUGIAN ATAU KEHILANGAN UANG. JANGAN BERUTANG DI LUAR KEMAMPUAN MEMBAYAR. PERTIMBANGKAN SECARA BIJAKSANA SEBELUM BERTRANSAKSI.';

const cashPlan = (amount: number, months: number): Plan =>
  plan(cashLoanProduct, rupiah(amount), { unit: 'month', length: months, instalments: months }, TODAY);

/** An agreement input as the loans service would build it, with the caps really in force on the plan's date. */
function agreementInput(p: Plan, overrides: Partial<LoanAgreementInput> = {}): LoanAgreementInput {
  expect(checkPlan(p, TODAY).ok).toBe(true);
  const caps = capsInForce(TODAY, p.purpose, p.tenor);
  if (!caps) throw new Error('no caps in force');
  return {
    orderId: 'KK-20261125-0001',
    issuedAt: new Date('2026-11-25T03:15:00.000Z'),
    plan: p,
    lender: {
      legalName: 'PT KasKita Teknologi Indonesia',
      address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190',
      ojkRegistrationNumber: 'S-123/NB.213/2026',
      supportPhone: '1500-123',
      supportEmail: 'halo@kaskita.co.id',
      complaintEmail: 'pengaduan@kaskita.co.id',
    },
    borrower: { name: 'Budi Santoso', nikMasked: '3174********0001', phoneMasked: '0812****5678' },
    disbursementAccount: { bankName: 'Bank Central Asia', accountMasked: '******7890' },
    purpose: { 'id-ID': 'Pendidikan', 'en-US': 'Education' },
    caps: {
      dailyEconomicBenefitPercent: formatPercent(caps.dailyEconomicBenefit),
      dailyLateFeePercent: formatPercent(caps.dailyLateFee),
      lateFeeCeiling: lateFeeCeiling(p),
    },
    ...overrides,
  };
}

/** Everything a reader sees, in reading order. */
function flatten(text: AgreementText): string {
  return [
    text.title,
    text.subtitle,
    ...text.sections.flatMap((s) => [
      s.heading,
      ...s.paragraphs,
      ...(s.table ? [s.table.columns, ...s.table.rows].map((row) => row.join(' | ')) : []),
    ]),
  ].join('\n');
}

const LOCALES: Locale[] = ['id-ID', 'en-US'];

describe('loanAgreementText', () => {
  const p = cashPlan(3_000_000, 3);
  const input = agreementInput(p);

  it.each(LOCALES)('lists every instalment as a whole table with its totals row (%s)', (locale) => {
    const schedule = loanAgreementText(input, locale).sections.find((s) => s.table)?.table;
    expect(schedule?.columns).toHaveLength(6);
    expect(p.instalments).toHaveLength(3);
    expect(schedule?.rows).toEqual([
      ...p.instalments.map((i) => [
        String(i.number),
        formatDisplayDate(i.dueDate),
        formatRupiah(i.principal),
        formatRupiah(i.interest),
        formatRupiah(i.fee),
        formatRupiah(i.total),
      ]),
      [
        locale === 'id-ID' ? 'Jumlah' : 'Total',
        '',
        'Rp 3.000.000',
        formatRupiah(p.totals.interest),
        formatRupiah(p.totals.fee),
        formatRupiah(p.totals.repayment),
      ],
    ]);
    // The dates the borrower will be billed on: monthly from the start date.
    expect(schedule?.rows.map((r) => r[1])).toEqual(['25/12/2026', '25/01/2027', '25/02/2027', '']);
  });

  it('states every figure and clause a borrower must see, in both languages', () => {
    const id = flatten(loanAgreementText(input, 'id-ID'));
    const en = flatten(loanAgreementText(input, 'en-US'));
    for (const text of [id, en]) {
      for (const i of p.instalments) {
        expect(text).toContain(formatDisplayDate(i.dueDate));
        expect(text).toContain(formatRupiah(i.total));
      }
      expect(text).toContain('S-123/NB.213/2026');
      expect(text).toContain('PT KasKita Teknologi Indonesia');
      expect(text).toContain('3174********0001');
      expect(text).toContain(formatRupiah(p.totals.repayment));
      expect(text).toContain(formatRupiah(p.totals.economicBenefit));
      expect(text).toContain(formatRupiah(input.caps.lateFeeCeiling));
      expect(text).toContain('1500-123');
      expect(text).toContain('pengaduan@kaskita.co.id');
      expect(text).toContain('Kontak OJK 157');
      expect(text).toContain('konsumen@ojk.go.id');
      expect(text).toContain(RISK_WARNING);
      expect(text).toContain(LOAN_AGREEMENT_VERSION);
      expect(text).toContain('KK-20261125-0001');
      expect(text).toContain('25/11/2026 10:15 WIB'); // issuedAt 03:15 UTC in Jakarta
    }
    expect(id).toContain('PERJANJIAN PINJAMAN');
    expect(id).toContain(
      'JUMLAH YANG ANDA TERIMA: Rp 3.000.000, ditransfer ke rekening Bank Central Asia ******7890',
    );
    expect(id).toContain('membatalkan pinjaman ini tanpa biaya kapan saja sebelum dana dicairkan');
    expect(id).toContain('Saya > Bantuan');
    expect(id).toContain('Tujuan pinjaman: Pendidikan');
    expect(id).toContain(`total denda paling banyak ${formatRupiah(input.caps.lateFeeCeiling)}`);

    expect(en).toContain('LOAN AGREEMENT');
    expect(en).toContain(
      'AMOUNT YOU RECEIVE: Rp 3.000.000, paid into your Bank Central Asia account ******7890',
    );
    expect(en).toContain('cancel this loan free of charge at any time before the money is disbursed');
    expect(en).toContain('Me > Help');
    expect(en).toContain('Purpose: Education');
    expect(en).toContain(`late fees stop at ${formatRupiah(input.caps.lateFeeCeiling)} in total`);
    expect(en).toContain('CAUTION, THIS TRANSACTION IS HIGH RISK.');
  });

  it('names the parties as POJK 40/2024 does: the organiser, the funder and the recipient, never the organiser as lender', () => {
    const parties = (locale: Locale) =>
      loanAgreementText(input, locale)
        .sections.find((s) => /^1\. /.test(s.heading))!
        .paragraphs.map((line) => line.split(':')[0]);
    expect(parties('id-ID')).toEqual(['Penyelenggara', 'Pemberi Dana', 'Penerima Dana']);
    expect(parties('en-US')).toEqual([
      'Platform organiser (Penyelenggara)',
      'Funder (Pemberi Dana)',
      'Recipient (Penerima Dana)',
    ]);
    for (const [locale, onBehalf] of [
      ['id-ID', 'untuk dan atas nama Pemberi Dana'],
      ['en-US', 'on behalf of the Funder'],
    ] as const) {
      const text = loanAgreementText(input, locale);
      expect(flatten(text)).not.toMatch(/Pemberi pinjaman|\bLender\b|Peminjam:/);
      const organiser = text.sections.find((s) => /^1\. /.test(s.heading))!.paragraphs[0]!;
      expect(organiser).toContain('PT KasKita Teknologi Indonesia');
      expect(organiser).toContain(onBehalf);
    }
  });

  it('writes percentages with a decimal comma in Indonesian and a decimal point in English', () => {
    const id = flatten(loanAgreementText(input, 'id-ID'));
    const en = flatten(loanAgreementText(input, 'en-US'));
    expect(id).toContain('paling tinggi 0,1% per hari');
    expect(id).toContain('Bunga: 0,03% per hari');
    expect(id).not.toMatch(/\d\.\d+%/);
    expect(en).toContain('at most 0.1% per day');
    expect(en).toContain('Interest: 0.03% per day');
    expect(en).not.toMatch(/\d,\d+%/);
  });

  it('states the amount received net of the admin fee deducted at disbursement', () => {
    const withAdminFee = parseProduct({
      ...cashLoanProduct,
      id: 'cash-loan-admin-fee',
      pricing: { ...cashLoanProduct.pricing, interest: '0.01', originationFee: { percent: '1', fixed: 0 } },
    });
    const p2 = plan(withAdminFee, rupiah(3_000_000), { unit: 'month', length: 3, instalments: 3 }, TODAY);
    expect(p2.disbursement).toEqual({ received: 2_970_000, deducted: 30_000 });
    const id = flatten(loanAgreementText(agreementInput(p2), 'id-ID'));
    const en = flatten(loanAgreementText(agreementInput(p2), 'en-US'));
    expect(id).toContain('Biaya admin yang dipotong saat pencairan: Rp 30.000.');
    expect(id).toContain('JUMLAH YANG ANDA TERIMA: Rp 2.970.000');
    expect(en).toContain('Origination/admin fee deducted at disbursement: Rp 30.000.');
    expect(en).toContain('AMOUNT YOU RECEIVE: Rp 2.970.000');
  });

  it('says a document without an order is a preview, and an agreement with one is not', () => {
    const preview = agreementInput(p, { orderId: null });
    for (const locale of LOCALES) {
      const text = loanAgreementText(preview, locale);
      expect(text.subtitle).toContain('PRATINJAU / PREVIEW');
      expect(text.sections[0]?.heading).toBe('PRATINJAU / PREVIEW');
      expect(flatten(loanAgreementText(input, locale))).not.toContain('PRATINJAU');
    }
    expect(flatten(loanAgreementText(preview, 'en-US'))).toContain('not an accepted agreement');
  });

  it('refuses to state that a plan is within caps it exceeds', () => {
    const stricter = agreementInput(p, {
      caps: { ...input.caps, dailyEconomicBenefitPercent: '0.05' },
    });
    expect(() => loanAgreementText(stricter, 'id-ID')).toThrow(/exceeds the caps/);
    const lateFeeCap = agreementInput(p, { caps: { ...input.caps, dailyLateFeePercent: '0.05' } });
    expect(() => loanAgreementText(lateFeeCap, 'en-US')).toThrow(/exceeds the caps/);
  });
});

describe('renderLoanAgreementPdf', () => {
  const sixMonths = agreementInput(cashPlan(3_000_000, 6));

  it('prints Indonesian first, then English, on four A4 pages for a 6-instalment plan', async () => {
    const { pdf, sha256 } = await renderLoanAgreementPdf(sixMonths);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(sha256).toBe(createHash('sha256').update(pdf).digest('hex'));

    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(4);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-25T03:15:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-25T03:15:00.000Z');

    const text = pdfText(pdf);
    const lines = text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['1/4', '2/4', '3/4', '4/4']));
    expect(text.indexOf('PERJANJIAN PINJAMAN')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('LOAN AGREEMENT')).toBeGreaterThan(text.indexOf('PERJANJIAN PINJAMAN'));
    // The English half starts on a page of its own, after the Indonesian text ends.
    expect(text.indexOf('LOAN AGREEMENT')).toBeGreaterThan(text.indexOf('2/4'));
    expect(text).toContain('JUMLAH YANG ANDA TERIMA: Rp 3.000.000');
    expect(text).toContain('AMOUNT YOU RECEIVE: Rp 3.000.000');
    const plan6 = sixMonths.plan;
    expect(plan6.instalments).toHaveLength(6);
    for (const i of plan6.instalments) {
      const date = formatDisplayDate(i.dueDate);
      expect(lines.filter((l) => l === date)).toHaveLength(2); // once in each language's table
      expect(lines).toContain(formatRupiah(i.total));
    }
    expect(text).toContain('HATI-HATI, TRANSAKSI INI BERISIKO TINGGI.');
  });

  it('keeps every line inside the margins and right-aligns the amount columns', async () => {
    const longAddress = agreementInput(cashPlan(3_000_000, 6), {
      lender: {
        ...sixMonths.lender,
        address: `Menara KasKita Lantai 21, ${'Jalan Jenderal Sudirman '.repeat(12)}Jakarta ${'X'.repeat(150)}`,
      },
    });
    const { pdf } = await renderLoanAgreementPdf(longAddress);
    const runs = pdfTextRuns(pdf);
    const doc = await PDFDocument.load(pdf);
    const fonts = await fontsOf(doc);
    const { width } = doc.getPage(0).getSize();
    for (const run of runs) {
      const font = fonts.get(run.font);
      if (!font) throw new Error(`unknown font ${run.font}`);
      expect(run.x).toBeGreaterThanOrEqual(56);
      expect(run.x + font.widthOfTextAtSize(run.text, run.size)).toBeLessThanOrEqual(width - 56 + 0.01);
    }
    // Nothing of the unbreakable word is lost when it is split across lines.
    expect(pdfText(pdf).replaceAll('\n', '')).toContain('X'.repeat(150));

    // Amounts end on the same right edge; the due dates of each table start on the same left edge.
    const right = (text: string) => {
      const run = runs.find((r) => r.text === text);
      const font = run && fonts.get(run.font);
      if (!run || !font) throw new Error(`no run ${text}`);
      return run.x + font.widthOfTextAtSize(run.text, run.size);
    };
    expect(right('Rp 590.000')).toBeCloseTo(right('Rp 3.543.000'), 1);
    const dates = runs.filter((r) => /^\d\d\/\d\d\/\d{4}$/.test(r.text)).map((r) => r.x);
    expect(dates).toHaveLength(12);
    expect(new Set(dates.slice(0, 6)).size).toBe(1); // Indonesian table
    expect(new Set(dates.slice(6)).size).toBe(1); // English table
  });

  it('gives byte-identical output for the same input, whatever the time zone, and another hash for another loan', async () => {
    const first = await renderLoanAgreementPdf(sixMonths);
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const second = await renderLoanAgreementPdf(structuredClone(sixMonths));
      expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
      expect(second.sha256).toBe(first.sha256);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const other = await renderLoanAgreementPdf(agreementInput(cashPlan(3_100_000, 6)));
    expect(other.sha256).not.toBe(first.sha256);
    const later = await renderLoanAgreementPdf({ ...sixMonths, issuedAt: new Date('2026-11-25T03:16:00Z') });
    expect(later.sha256).not.toBe(first.sha256);
  });

  it('renders a preview with the preview mark on every page', async () => {
    const { pdf } = await renderLoanAgreementPdf({ ...sixMonths, orderId: null });
    const lines = pdfText(pdf).split('\n');
    expect(lines.filter((l) => l === `No. PRATINJAU / PREVIEW | v${LOAN_AGREEMENT_VERSION}`)).toHaveLength(4);
  });

  it('prints names with characters Helvetica cannot encode instead of crashing', async () => {
    const input = agreementInput(cashPlan(3_000_000, 3), {
      borrower: { ...sixMonths.borrower, name: 'Siti Nurhaliza ✓ 😀👍🏽 Şükrü' },
      disbursementAccount: { bankName: 'Bank\tJago\u200b', accountMasked: '******7890' },
    });
    const { pdf } = await renderLoanAgreementPdf(input);
    const text = pdfText(pdf);
    expect(text).toContain('Penerima Dana: Siti Nurhaliza ? ?? Sükrü, NIK');
    expect(text).toContain('Recipient (Penerima Dana): Siti Nurhaliza ? ?? Sükrü, NIK');
    expect(text).toContain('Bank Jago ******7890');
  });

  it('uses only characters the standard fonts encode in its own wording, so nothing is replaced', async () => {
    const doc = await PDFDocument.create();
    const encodable = new Set((await doc.embedFont('Helvetica')).getCharacterSet());
    const ascii = agreementInput(cashPlan(3_000_000, 6));
    for (const locale of LOCALES) {
      const bad = [...flatten(loanAgreementText(ascii, locale))].filter(
        (ch) => ch !== '\n' && !encodable.has(ch.codePointAt(0) ?? -1),
      );
      expect(bad).toEqual([]);
    }
  });
});

/** The standard fonts behind a page's font resource names, to measure what was drawn. */
async function fontsOf(doc: PDFDocument): Promise<Map<string, PDFFont>> {
  const resources = doc.getPage(0).node.Resources();
  const fontDict = resources?.lookup(PDFName.of('Font'), PDFDict);
  const fonts = new Map<string, PDFFont>();
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const base = doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'));
    if (!(base instanceof PDFName)) continue;
    fonts.set(name.decodeText(), await doc.embedFont(base.decodeText()));
  }
  return fonts;
}
