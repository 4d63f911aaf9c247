/**
 * The loan agreement a borrower reads before accepting a loan, in one language at a time.
 *
 * One function writes both languages side by side (`tr(id, en)`), so a clause cannot be added to one
 * translation and forgotten in the other. The app shows the result as HTML; `loan-agreement-pdf.ts` prints
 * the same sections for the signed copy. Every figure comes from the plan, so the document cannot disagree
 * with the schedule the borrower will be billed on.
 */
import type { Bilingual, Locale } from '@kaskita/domain/i18n/locale';
import { compareRatio, formatPercent, parsePercent, ratio } from '@kaskita/domain/money/rate';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import {
  businessDateAt,
  formatDisplayDate,
  JAKARTA_UTC_OFFSET_MINUTES,
} from '@kaskita/domain/pricing/business-date';
import type { Plan } from '@kaskita/domain/pricing/plan';
import type { RateSpec } from '@kaskita/domain/pricing/rates';

/** The date this text took effect: change the text, change the version (it is recorded with each order). */
export const LOAN_AGREEMENT_VERSION = '2026-11-26';

export interface LoanAgreementInput {
  /** Our order id (printed as the agreement number); null for a preview before the order exists (then the document says it is a draft/preview, "PRATINJAU / PREVIEW"). */
  orderId: string | null;
  /** When the document was issued: printed, and used as the PDF's creation/modification date so the same input always gives the same bytes. */
  issuedAt: Date;
  plan: Plan;
  lender: {
    legalName: string;
    address: string;
    ojkRegistrationNumber: string;
    supportPhone: string;
    supportEmail: string;
    complaintEmail: string;
  };
  borrower: { name: string; nikMasked: string; phoneMasked: string };
  disbursementAccount: { bankName: string; accountMasked: string };
  purpose: Bilingual;
  /** The regulator's caps in force on the business date, as exact percent strings, and the most late fees this loan may ever accrue (rupiah). */
  caps: { dailyEconomicBenefitPercent: string; dailyLateFeePercent: string; lateFeeCeiling: Rupiah };
}

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
  table?: { columns: string[]; rows: string[][] };
}

export interface AgreementText {
  title: string;
  subtitle: string;
  sections: AgreementSection[];
}

/** Printed instead of an agreement number before the order exists. */
const PREVIEW = 'PRATINJAU / PREVIEW';

/** OJK's mandatory risk warning, word for word; the English text is our translation. */
const RISK_WARNING_ID =
  'HATI-HATI, TRANSAKSI INI BERISIKO TINGGI. ANDA DAPAT SAJA MENGALAMI KERUGIAN ATAU KEHILANGAN UANG. JANGAN BERUTANG DI LUAR KEMAMPUAN MEMBAYAR. PERTIMBANGKAN SECARA BIJAKSANA SEBELUM BERTRANSAKSI.';
const RISK_WARNING_EN =
  'CAUTION, THIS TRANSACTION IS HIGH RISK. YOU MAY SUFFER A LOSS OR LOSE MONEY. DO NOT BORROW BEYOND YOUR ABILITY TO REPAY. CONSIDER CAREFULLY BEFORE YOU TRANSACT.';

/** The agreement in one language (the app shows it as HTML in the borrower's language before acceptance). */
export function loanAgreementText(input: LoanAgreementInput, locale: Locale): AgreementText {
  const { plan, lender, borrower, disbursementAccount: account, caps } = input;
  const tr = (id: string, en: string): string => (locale === 'id-ID' ? id : en);
  const pct = (percent: string): string => percentText(percent, locale);
  const money = formatRupiah;
  const date = formatDisplayDate;
  const first = plan.instalments[0];
  const last = plan.instalments[plan.instalments.length - 1];
  if (!first || !last) throw new Error('a loan agreement needs at least one instalment');

  // The document states that the loan is within the caps: refuse to print that claim when it is false.
  const dailyBenefit = ratio(BigInt(plan.totals.economicBenefit), BigInt(plan.amount) * BigInt(plan.days));
  if (
    compareRatio(dailyBenefit, parsePercent(caps.dailyEconomicBenefitPercent)) > 0 ||
    compareRatio(parsePercent(plan.rates.lateFee.daily), parsePercent(caps.dailyLateFeePercent)) > 0
  ) {
    throw new Error('the plan exceeds the caps in force: no agreement may be issued for it');
  }

  const number = input.orderId ?? PREVIEW;
  const issued = issuedAtText(input.issuedAt);
  const chargeBase =
    plan.interestMethod === 'flat'
      ? tr('dari pokok pinjaman awal', 'of the original principal')
      : tr('dari sisa pokok pinjaman', 'of the outstanding principal');
  const lateBase =
    plan.rates.lateFee.base === 'overdue-principal'
      ? tr(
          'dari pokok angsuran yang terlambat dan belum dibayar',
          "of the overdue instalment's unpaid principal",
        )
      : tr(
          'dari jumlah angsuran yang terlambat dan belum dibayar',
          'of the unpaid amount of the overdue instalment',
        );
  const tenor =
    plan.tenor.unit === 'month'
      ? tr(`${plan.tenor.length} bulan`, `${plan.tenor.length} ${plural(plan.tenor.length, 'month')}`)
      : tr(`${plan.tenor.length} hari`, `${plan.tenor.length} ${plural(plan.tenor.length, 'day')}`);
  const instalmentCount = tr(
    `${plan.instalments.length} kali angsuran`,
    `${plan.instalments.length} ${plural(plan.instalments.length, 'instalment')}`,
  );
  const rate = (spec: RateSpec): string =>
    typeof spec === 'string'
      ? tr(`${pct(spec)} per hari`, `${pct(spec)} per day`)
      : tr(
          `${pct(spec.percent)} per tahun (${spec.daysInYear === 'actual' ? 'hari aktual' : `${spec.daysInYear} hari`} setahun)`,
          `${pct(spec.percent)} per year (${spec.daysInYear === 'actual' ? 'actual days' : `${spec.daysInYear} days`} a year)`,
        );

  const preview = input.orderId === null;
  return {
    title: tr('PERJANJIAN PINJAMAN', 'LOAN AGREEMENT'),
    subtitle: [
      tr(`Nomor perjanjian: ${number}`, `Agreement number: ${number}`),
      tr(`Versi ${LOAN_AGREEMENT_VERSION}`, `Version ${LOAN_AGREEMENT_VERSION}`),
      tr(`Tanggal: ${issued}`, `Date: ${issued}`),
    ].join(' | '),
    sections: [
      ...(preview
        ? [
            {
              heading: PREVIEW,
              paragraphs: [
                tr(
                  'Dokumen ini adalah pratinjau (draf), bukan perjanjian yang telah disetujui. Perjanjian baru berlaku setelah Anda menyetujuinya di aplikasi; saat itu perjanjian diberi nomor.',
                  'This document is a preview (draft), not an accepted agreement. The agreement takes effect only when you accept it in the app; it is given a number then.',
                ),
              ],
            },
          ]
        : []),
      {
        heading: tr('1. Para pihak', '1. The parties'),
        paragraphs: [
          // The parties as POJK 40/2024 names them: the platform organiser (Penyelenggara) brings together the funder
          // (Pemberi Dana), who lends, and the recipient (Penerima Dana), who borrows; the organiser is not the lender.
          tr(
            `Penyelenggara: ${lender.legalName}, ${lender.address}, berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK) dengan nomor ${lender.ojkRegistrationNumber}, yang menyelenggarakan layanan pendanaan ini dan menandatangani perjanjian ini untuk dan atas nama Pemberi Dana berdasarkan kuasa.`,
            `Platform organiser (Penyelenggara): ${lender.legalName}, ${lender.address}, licensed and supervised by the Financial Services Authority (OJK) under number ${lender.ojkRegistrationNumber}, which runs this funding service and signs this agreement for and on behalf of the Funder under a power of attorney.`,
          ),
          tr(
            'Pemberi Dana: pihak yang mendanai pinjaman ini melalui Penyelenggara; identitasnya tercatat pada Penyelenggara dan diberikan kepada Penerima Dana atas permintaan.',
            'Funder (Pemberi Dana): the party who funds this loan through the Penyelenggara; their identity is on record with the Penyelenggara and given to the Recipient on request.',
          ),
          tr(
            `Penerima Dana: ${borrower.name}, NIK ${borrower.nikMasked}, nomor HP ${borrower.phoneMasked}.`,
            `Recipient (Penerima Dana): ${borrower.name}, NIK ${borrower.nikMasked}, mobile number ${borrower.phoneMasked}.`,
          ),
        ],
      },
      {
        heading: tr('2. Pinjaman', '2. The loan'),
        paragraphs: [
          tr(`Pokok pinjaman: ${money(plan.amount)}.`, `Principal: ${money(plan.amount)}.`),
          tr(
            `Biaya admin yang dipotong saat pencairan: ${money(plan.disbursement.deducted)}.`,
            `Origination/admin fee deducted at disbursement: ${money(plan.disbursement.deducted)}.`,
          ),
          tr(
            `JUMLAH YANG ANDA TERIMA: ${money(plan.disbursement.received)}, ditransfer ke rekening ${account.bankName} ${account.accountMasked} atas nama Anda.`,
            `AMOUNT YOU RECEIVE: ${money(plan.disbursement.received)}, paid into your ${account.bankName} account ${account.accountMasked} in your name.`,
          ),
          tr(`Tenor: ${tenor}, ${instalmentCount}.`, `Tenor: ${tenor}, ${instalmentCount}.`),
          tr(`Tujuan pinjaman: ${input.purpose['id-ID']}.`, `Purpose: ${input.purpose['en-US']}.`),
          tr(
            `Jatuh tempo pertama: ${date(first.dueDate)}. Jatuh tempo terakhir: ${date(last.dueDate)}.`,
            `First due date: ${date(first.dueDate)}. Last due date: ${date(last.dueDate)}.`,
          ),
        ],
      },
      {
        heading: tr('3. Jadwal angsuran', '3. Repayment schedule'),
        paragraphs: [
          tr(
            'Bayar setiap angsuran paling lambat pada tanggal jatuh temponya:',
            'Pay each instalment by its due date at the latest:',
          ),
        ],
        table: {
          columns: [
            'No.',
            tr('Jatuh tempo', 'Due date'),
            tr('Pokok', 'Principal'),
            tr('Bunga', 'Interest'),
            tr('Biaya layanan', 'Service fee'),
            'Total',
          ],
          rows: [
            ...plan.instalments.map((i) => [
              String(i.number),
              date(i.dueDate),
              money(i.principal),
              money(i.interest),
              money(i.fee),
              money(i.total),
            ]),
            [
              tr('Jumlah', 'Total'),
              '',
              money(plan.totals.principal),
              money(plan.totals.interest),
              money(plan.totals.fee),
              money(plan.totals.repayment),
            ],
          ],
        },
      },
      {
        heading: tr('4. Total pembayaran dan biaya', '4. Total to repay and total cost'),
        paragraphs: [
          tr(
            `Total yang harus Anda bayar: ${money(plan.totals.repayment)}.`,
            `Total you repay: ${money(plan.totals.repayment)}.`,
          ),
          tr(
            `Total biaya pinjaman (bunga ${money(plan.totals.interest)} + biaya layanan ${money(plan.totals.fee)} + biaya admin ${money(plan.totals.originationFee)}): ${money(plan.totals.economicBenefit)}.`,
            `Total cost of the loan (interest ${money(plan.totals.interest)} + service fee ${money(plan.totals.fee)} + admin fee ${money(plan.totals.originationFee)}): ${money(plan.totals.economicBenefit)}.`,
          ),
          tr(
            `Bunga: ${rate(plan.rates.interest)} ${chargeBase}. Biaya layanan: ${rate(plan.rates.serviceFee)} ${chargeBase}. Seluruh biaya pinjaman ini setara dengan ${pct(formatPercent(dailyBenefit))} per hari dari pokok selama ${plan.days} hari.`,
            `Interest: ${rate(plan.rates.interest)} ${chargeBase}. Service fee: ${rate(plan.rates.serviceFee)} ${chargeBase}. The whole cost of this loan equals ${pct(formatPercent(dailyBenefit))} per day of the principal over ${plan.days} days.`,
          ),
          tr(
            'Tidak ada biaya lain selain yang tercantum dalam perjanjian ini.',
            'No fee is charged beyond those stated in this agreement.',
          ),
        ],
      },
      {
        heading: tr('5. Denda keterlambatan', '5. Late fees'),
        paragraphs: [
          tr(
            `Jika angsuran tidak dibayar lunas pada tanggal jatuh tempo, denda ${pct(plan.rates.lateFee.daily)} per hari ${lateBase} berlaku mulai hari setelah tanggal jatuh tempo sampai angsuran dibayar.`,
            `If an instalment is not paid in full by its due date, a late fee of ${pct(plan.rates.lateFee.daily)} per day ${lateBase} runs from the day after the due date until the instalment is paid.`,
          ),
          tr(
            `Total biaya pinjaman ditambah denda tidak akan pernah melebihi 100% dari pokok pinjaman. Untuk pinjaman ini, total denda paling banyak ${money(caps.lateFeeCeiling)}, berapa lama pun keterlambatannya.`,
            `The total cost of the loan plus late fees can never exceed 100% of the principal. For this loan, late fees stop at ${money(caps.lateFeeCeiling)} in total, however late the payment.`,
          ),
        ],
      },
      {
        heading: tr('6. Batas maksimum OJK', "6. OJK's maximum rates"),
        paragraphs: [
          tr(
            `Batas yang berlaku pada tanggal perjanjian: manfaat ekonomi (bunga dan semua biaya) paling tinggi ${pct(caps.dailyEconomicBenefitPercent)} per hari dan denda keterlambatan paling tinggi ${pct(caps.dailyLateFeePercent)} per hari. Pinjaman ini berada dalam batas tersebut.`,
            `The caps in force on the date of this agreement: economic benefit (interest and all fees) at most ${pct(caps.dailyEconomicBenefitPercent)} per day, and late fees at most ${pct(caps.dailyLateFeePercent)} per day. This loan is within those caps.`,
          ),
        ],
      },
      {
        heading: tr('7. Pelunasan dipercepat', '7. Early repayment'),
        paragraphs: [
          tr(
            'Anda dapat melunasi seluruh pinjaman kapan saja, tanpa penalti. Bunga dan biaya layanan dihitung per hari pemakaian sampai hari pelunasan, jadi hari yang tidak terpakai tidak dikenakan biaya. Aplikasi menampilkan jumlah pelunasan hari ini.',
            'You may settle the whole loan on any day, with no penalty. Interest and service fee are charged per day of use up to the day you settle, so unused days are not charged. The app shows the amount to settle today.',
          ),
        ],
      },
      {
        heading: tr('8. Hak pembatalan', '8. Right to cancel'),
        paragraphs: [
          tr(
            'Anda dapat membatalkan pinjaman ini tanpa biaya kapan saja sebelum dana dicairkan, melalui aplikasi atau layanan pelanggan.',
            'You may cancel this loan free of charge at any time before the money is disbursed, in the app or through customer service.',
          ),
        ],
      },
      {
        heading: tr('9. Cara pembayaran', '9. How to pay'),
        paragraphs: [
          tr(
            'Bayar hanya ke rekening virtual (virtual account) atau kode pembayaran gerai yang ditampilkan di aplikasi, atas nama Anda sendiri. Jangan pernah membayar ke rekening pribadi siapa pun, termasuk orang yang mengaku sebagai petugas kami.',
            "Pay only to the virtual account or store payment code shown in the app, in your own name. Never pay to any person's account, including someone claiming to be our staff.",
          ),
        ],
      },
      {
        heading: tr('10. Penagihan', '10. Collection'),
        paragraphs: [
          tr(
            'Kami hanya menghubungi Anda untuk penagihan pada hari Senin sampai Sabtu pukul 08.00-20.00 waktu setempat Anda, tidak pada hari libur nasional. Penagihan tidak boleh menggunakan ancaman, kekerasan atau tindakan yang mempermalukan.',
            'We contact you about collection only Monday to Saturday, 08:00-20:00 in your local time, never on national holidays. Collection never uses threats, violence or humiliation.',
          ),
          tr(
            'Kami tidak menghubungi kontak darurat Anda atau orang lain untuk menagih. Kontak darurat hanya dihubungi untuk memastikan identitas Anda.',
            'We never contact your emergency contacts or anyone else to collect. Emergency contacts are contacted only to confirm who you are.',
          ),
        ],
      },
      {
        heading: tr('11. Data pribadi', '11. Personal data'),
        paragraphs: [
          tr(
            'Sesuai UU 27/2022 tentang Pelindungan Data Pribadi, data Anda digunakan hanya untuk pinjaman ini. Anda berhak mengakses dan meminta salinan data Anda, memperbaikinya, dan menarik persetujuan; kami berhenti memprosesnya paling lambat 3x24 jam setelah penarikan, kecuali yang wajib kami simpan menurut hukum. Penarikan persetujuan tidak menghapus kewajiban membayar pinjaman.',
            'Under Law 27/2022 on Personal Data Protection (UU PDP), your data is used only for this loan. You have the right to access and get a copy of your data, to correct it, and to withdraw your consent; we stop processing it within 3x24 hours of withdrawal, except what the law requires us to keep. Withdrawing consent does not cancel the duty to repay the loan.',
          ),
        ],
      },
      {
        heading: tr('12. Pengaduan', '12. Complaints'),
        paragraphs: [
          tr(
            `Sampaikan pengaduan di aplikasi (Saya > Bantuan), ke layanan pelanggan ${lender.supportPhone} atau ${lender.supportEmail}, atau ke email pengaduan ${lender.complaintEmail}.`,
            `Make a complaint in the app (Me > Help), to customer service on ${lender.supportPhone} or ${lender.supportEmail}, or to the complaints address ${lender.complaintEmail}.`,
          ),
          tr(
            'Jika Anda tidak puas dengan tanggapan kami, hubungi OJK: Kontak OJK 157 atau konsumen@ojk.go.id.',
            'If you are not satisfied with our answer, contact OJK: Kontak OJK 157 or konsumen@ojk.go.id.',
          ),
        ],
      },
      {
        heading: tr('13. Peringatan risiko', '13. Risk warning'),
        paragraphs: locale === 'id-ID' ? [RISK_WARNING_ID] : [RISK_WARNING_ID, RISK_WARNING_EN],
      },
      {
        heading: tr(
          '14. Hukum yang berlaku dan persetujuan elektronik',
          '14. Governing law and electronic acceptance',
        ),
        paragraphs: [
          tr(
            'Perjanjian ini tunduk pada hukum Republik Indonesia. Perjanjian ini dibuat dalam bahasa Indonesia dan bahasa Inggris; teks bahasa Indonesia adalah teks yang berlaku (UU 24/2009).',
            'This agreement is governed by the law of the Republic of Indonesia. It is made in Indonesian and English; the Indonesian text prevails (Law 24/2009), and this English text is a translation.',
          ),
          tr(
            'Anda menyetujui perjanjian ini secara elektronik di aplikasi. Waktu dan alamat IP persetujuan serta kode SHA-256 dokumen ini dicatat bersama pesanan Anda.',
            "You accept this agreement electronically in the app. The time and IP address of your acceptance and this document's SHA-256 code are recorded with your order.",
          ),
        ],
      },
    ],
  };
}

/** An exact percent string as the language writes it: `"0.1"` → `"0,1%"` (id-ID) or `"0.1%"` (en-US). */
function percentText(percent: string, locale: Locale): string {
  return `${locale === 'id-ID' ? percent.replace('.', ',') : percent}%`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** The issue time in Jakarta (WIB), where business dates are kept: `25/11/2026 10:15 WIB`. */
function issuedAtText(issuedAt: Date): string {
  const wib = new Date(issuedAt.getTime() + JAKARTA_UTC_OFFSET_MINUTES * 60_000);
  return `${formatDisplayDate(businessDateAt(issuedAt))} ${wib.toISOString().slice(11, 16)} WIB`;
}
