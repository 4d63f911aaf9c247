import sharp from 'sharp';
import type { KtpReading } from '../../src/providers/ocr/ocr-provider.ts';

/** What a generated card prints, as a real KTP does (upper case, Indonesian labels and values). */
export interface KtpCardFields {
  province: string;
  regency: string;
  nik: string;
  name: string;
  birthPlaceDate: string;
  gender: 'LAKI-LAKI' | 'PEREMPUAN';
  bloodType: string;
  address: string;
  rtRw: string;
  village: string;
  district: string;
  religion: string;
  marital: string;
  occupation: string;
  citizenship: string;
  validUntil: string;
}

export interface KtpSample {
  card: KtpCardFields;
  /** What a perfect reading gives. */
  expected: Omit<KtpReading, 'confidence'>;
}

const COMMON = {
  bloodType: 'O',
  rtRw: '004/007',
  citizenship: 'WNI',
  validUntil: 'SEUMUR HIDUP',
} as const;

/** Six people covering both genders, every religion and every marital status; NIKs encode their birth dates. */
export const KTP_SAMPLES: readonly KtpSample[] = [
  {
    card: {
      ...COMMON,
      province: 'PROVINSI JAWA BARAT',
      regency: 'KOTA BANDUNG',
      nik: '3273011708900003',
      name: 'BUDI SANTOSO',
      birthPlaceDate: 'BANDUNG, 17-08-1990',
      gender: 'LAKI-LAKI',
      address: 'JL. MERDEKA NO. 12',
      village: 'BABAKAN CIAMIS',
      district: 'SUMUR BANDUNG',
      religion: 'ISLAM',
      marital: 'BELUM KAWIN',
      occupation: 'KARYAWAN SWASTA',
    },
    expected: {
      nik: '3273011708900003',
      name: 'BUDI SANTOSO',
      birthDate: '1990-08-17',
      gender: 'male',
      religion: 1,
      marital: 2,
    },
  },
  {
    card: {
      ...COMMON,
      province: 'PROVINSI DKI JAKARTA',
      regency: 'JAKARTA SELATAN',
      nik: '3174064509850002',
      name: 'SITI NURHALIZA',
      birthPlaceDate: 'JAKARTA, 05-09-1985',
      gender: 'PEREMPUAN',
      bloodType: 'A',
      address: 'JL. KEMANG RAYA NO. 5',
      village: 'BANGKA',
      district: 'MAMPANG PRAPATAN',
      religion: 'KRISTEN',
      marital: 'KAWIN',
      occupation: 'PEGAWAI NEGERI SIPIL',
    },
    expected: {
      nik: '3174064509850002',
      name: 'SITI NURHALIZA',
      birthDate: '1985-09-05',
      gender: 'female',
      religion: 2,
      marital: 1,
    },
  },
  {
    card: {
      ...COMMON,
      province: 'PROVINSI BALI',
      regency: 'KOTA DENPASAR',
      nik: '5171032312780001',
      name: 'I GEDE WAYAN PUTRA',
      birthPlaceDate: 'DENPASAR, 23-12-1978',
      gender: 'LAKI-LAKI',
      bloodType: 'B',
      address: 'JL. GATOT SUBROTO 88',
      village: 'DAUH PURI',
      district: 'DENPASAR BARAT',
      religion: 'HINDU',
      marital: 'CERAI HIDUP',
      occupation: 'WIRASWASTA',
    },
    expected: {
      nik: '5171032312780001',
      name: 'I GEDE WAYAN PUTRA',
      birthDate: '1978-12-23',
      gender: 'male',
      religion: 4,
      marital: 3,
    },
  },
  {
    card: {
      ...COMMON,
      province: 'PROVINSI JAWA TIMUR',
      regency: 'KOTA SURABAYA',
      nik: '3578156102950004',
      name: 'MARIA CHRISTINA',
      birthPlaceDate: 'SURABAYA, 21-02-1995',
      gender: 'PEREMPUAN',
      bloodType: 'AB',
      address: 'JL. DARMO PERMAI III/21',
      village: 'PRADAH KALIKENDAL',
      district: 'DUKUH PAKIS',
      religion: 'KATOLIK',
      marital: 'CERAI MATI',
      occupation: 'GURU',
    },
    expected: {
      nik: '3578156102950004',
      name: 'MARIA CHRISTINA',
      birthDate: '1995-02-21',
      gender: 'female',
      religion: 3,
      marital: 4,
    },
  },
  {
    card: {
      ...COMMON,
      province: 'PROVINSI SUMATERA UTARA',
      regency: 'KOTA MEDAN',
      nik: '1271010304880005',
      name: 'LIE KWANG HUI',
      birthPlaceDate: 'MEDAN, 03-04-1988',
      gender: 'LAKI-LAKI',
      address: 'JL. SEMARANG NO. 7',
      village: 'PANDAU HULU',
      district: 'MEDAN KOTA',
      religion: 'KONGHUCU',
      marital: 'KAWIN',
      occupation: 'PEDAGANG',
    },
    expected: {
      nik: '1271010304880005',
      name: 'LIE KWANG HUI',
      birthDate: '1988-04-03',
      gender: 'male',
      religion: 6,
      marital: 1,
    },
  },
  {
    card: {
      ...COMMON,
      province: 'PROVINSI DI YOGYAKARTA',
      regency: 'KOTA YOGYAKARTA',
      nik: '3471025210010006',
      name: 'WIDYA LESTARI',
      birthPlaceDate: 'YOGYAKARTA, 12-10-2001',
      gender: 'PEREMPUAN',
      address: 'JL. MALIOBORO 52',
      village: 'SOSROMENDURAN',
      district: 'GEDONG TENGEN',
      religion: 'BUDDHA',
      marital: 'BELUM KAWIN',
      occupation: 'PELAJAR/MAHASISWA',
    },
    expected: {
      nik: '3471025210010006',
      name: 'WIDYA LESTARI',
      birthDate: '2001-10-12',
      gender: 'female',
      religion: 5,
      marital: 2,
    },
  },
];

/** The card's size in px: 1 px per 0.1 mm of the real 85.6 x 54 mm card. */
export const KTP_CARD_WIDTH = 856;
export const KTP_CARD_HEIGHT = 540;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A KTP-like card: light-blue background, the header centred, label / colon / value rows, a grey photo box. */
export function ktpCardSvg(card: KtpCardFields): string {
  const rows: Array<[string, string, number]> = [
    ['Nama', card.name, 30],
    ['Tempat/Tgl Lahir', card.birthPlaceDate, 30],
    ['Jenis Kelamin', card.gender, 30],
    ['Alamat', card.address, 30],
    ['RT/RW', card.rtRw, 48],
    ['Kel/Desa', card.village, 48],
    ['Kecamatan', card.district, 48],
    ['Agama', card.religion, 30],
    ['Status Perkawinan', card.marital, 30],
    ['Pekerjaan', card.occupation, 30],
    ['Kewarganegaraan', card.citizenship, 30],
    ['Berlaku Hingga', card.validUntil, 30],
  ];
  const text = (x: number, y: number, size: number, value: string, extra = ''): string =>
    `<text x="${x}" y="${y}" font-size="${size}" ${extra}>${escapeXml(value)}</text>`;
  const lines = rows.flatMap(([label, value, x], i) => {
    const y = 172 + i * 28;
    const row = [text(x, y, 19, label), text(215, y, 19, ':'), text(232, y, 19, value)];
    if (label === 'Jenis Kelamin') row.push(text(420, y, 19, `Gol. Darah : ${card.bloodType}`));
    return row;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${KTP_CARD_WIDTH}" height="${KTP_CARD_HEIGHT}">
  <rect width="100%" height="100%" rx="24" fill="#cfe6f5"/>
  <g font-family="DejaVu Sans" fill="#111">
    ${text(KTP_CARD_WIDTH / 2, 42, 24, card.province, 'text-anchor="middle" font-weight="bold"')}
    ${text(KTP_CARD_WIDTH / 2, 72, 24, card.regency, 'text-anchor="middle" font-weight="bold"')}
    ${text(30, 128, 26, 'NIK', 'font-weight="bold"')}
    ${text(215, 128, 26, ':', 'font-weight="bold"')}
    ${text(232, 128, 28, card.nik, 'font-weight="bold"')}
    ${lines.join('\n    ')}
  </g>
  <rect x="640" y="150" width="180" height="230" fill="#9a9a9a"/>
  <g font-family="DejaVu Sans" fill="#111" text-anchor="middle">
    ${text(730, 420, 16, card.regency)}
    ${text(730, 442, 16, '20-09-2019')}
  </g>
</svg>`;
}

/** The card rendered to PNG at `scale` times its size (1.5: 1284 x 810, about a phone photo filling the frame). */
export async function ktpCardPng(card: KtpCardFields, scale = 1.5): Promise<Buffer> {
  return sharp(Buffer.from(ktpCardSvg(card)), { density: 72 * scale })
    .png()
    .toBuffer();
}

/** A small deterministic generator (mulberry32), so the noisy variants are the same image on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds Gaussian noise of standard deviation `sigma` (0-255 scale) to every channel. */
export async function withGaussianNoise(image: Buffer, sigma: number, seed = 1): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const next = random(seed);
  for (let i = 0; i < data.length; i += 1) {
    // Box-Muller.
    const gaussian = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + gaussian * sigma)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
}

export interface KtpVariant {
  name: string;
  make(card: KtpCardFields): Promise<Buffer>;
}

/** How phone photos of a card differ from the clean render, one at a time and combined. */
export const KTP_VARIANTS: readonly KtpVariant[] = [
  { name: 'clean PNG', make: (card) => ktpCardPng(card) },
  {
    name: 'Gaussian noise (sigma 25)',
    make: async (card) => withGaussianNoise(await ktpCardPng(card), 25, 7),
  },
  {
    name: 'blur (sigma 1.5)',
    make: async (card) =>
      sharp(await ktpCardPng(card))
        .blur(1.5)
        .png()
        .toBuffer(),
  },
  {
    name: 'rotated 2 degrees',
    make: async (card) =>
      sharp(await ktpCardPng(card))
        .rotate(2, { background: '#6b5b4b' })
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  {
    name: 'rotated -3 degrees',
    make: async (card) =>
      sharp(await ktpCardPng(card))
        .rotate(-3, { background: '#6b5b4b' })
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  {
    name: 'JPEG quality 20',
    make: async (card) =>
      sharp(await ktpCardPng(card))
        .jpeg({ quality: 20 })
        .toBuffer(),
  },
  { name: 'small (642 x 405)', make: (card) => ktpCardPng(card, 0.75) },
  {
    name: 'noise + JPEG quality 40',
    make: async (card) =>
      sharp(await withGaussianNoise(await ktpCardPng(card), 18, 11))
        .jpeg({ quality: 40 })
        .toBuffer(),
  },
  {
    name: 'blur + small',
    make: async (card) =>
      sharp(await ktpCardPng(card, 0.9))
        .blur(1)
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'photo: on a table, rotated 2.5, noise, JPEG 60',
    make: async (card) => {
      const tilted = await sharp(await ktpCardPng(card, 1.2))
        .rotate(-2.5, { background: '#6b5b4b' })
        .extend({ top: 60, bottom: 60, left: 80, right: 80, background: '#6b5b4b' })
        .png()
        .toBuffer();
      return sharp(await withGaussianNoise(tilted, 12, 3))
        .jpeg({ quality: 60 })
        .toBuffer();
    },
  },
];
