import { describe, expect, it } from 'vitest';
import { parseKtpText } from '../../src/providers/ocr/ktp-text-parser.ts';

const CLEAN = `PROVINSI JAWA BARAT
KOTA BANDUNG
NIK : 3273011708900003
Nama : BUDI SANTOSO
Tempat/Tgl Lahir : BANDUNG, 17-08-1990
Jenis Kelamin : LAKI-LAKI Gol. Darah : O
Alamat : JL. MERDEKA NO. 12
RT/RW : 004/007
Kel/Desa : BABAKAN CIAMIS
Kecamatan : SUMUR BANDUNG
Agama : ISLAM
Status Perkawinan : BELUM KAWIN
Pekerjaan : KARYAWAN SWASTA
Kewarganegaraan : WNI
Berlaku Hingga : SEUMUR HIDUP`;

const BUDI = {
  nik: '3273011708900003',
  name: 'BUDI SANTOSO',
  birthDate: '1990-08-17',
  gender: 'male',
  religion: 1,
  marital: 2,
};

describe('KTP text parser', () => {
  it('reads every field of a clean card', () => {
    const reading = parseKtpText(CLEAN);
    expect(reading).toMatchObject(BUDI);
    expect(reading.confidence).toBe(1);
  });

  it('tolerates look-alike digits in the NIK, lost colons, split numbers and extra spaces', () => {
    const noisy = CLEAN.replace('NIK : 3273011708900003', 'N1K  3273 O117O89OOOO3')
      .replace('Nama : BUDI', 'Nama  BUDI')
      .replace('Tempat/Tgl Lahir : BANDUNG, 17-08-1990', 'Tempat/Tgi Lahir :BANDUNG , 17-O8-199O')
      .replace('Jenis Kelamin :', 'Jenis Kelamin')
      .replace('Agama : ISLAM', 'Agama   : lSLAM')
      .replace('Status Perkawinan : BELUM KAWIN', 'Status Perkawlnan BELUM KAWlN');
    expect(parseKtpText(noisy)).toMatchObject(BUDI);
  });

  it('reads the NIK past a colon misread as a digit', () => {
    expect(parseKtpText(CLEAN.replace('NIK : ', 'NIK 2 ')).nik).toBe(BUDI.nik);
    expect(parseKtpText(CLEAN.replace('NIK : 3273011708900003', 'NIK 2 3273 011708900003')).nik).toBeNull();
  });

  it('reads a name starting with a lone I read as a bar or a lower-case l', () => {
    expect(parseKtpText(CLEAN.replace('BUDI SANTOSO', '| GEDE WAYAN')).name).toBe('I GEDE WAYAN');
    expect(parseKtpText(CLEAN.replace('BUDI SANTOSO', 'l MADE PUTRA')).name).toBe('I MADE PUTRA');
  });

  it('reads S, B, I and l as digits in the NIK line only', () => {
    expect(parseKtpText(CLEAN.replace('3273011708900003', '3S78Ol17O89OOOOB')).nik).toBe('3578011708900008');
    expect(parseKtpText(CLEAN.replace('3273011708900003', '327301I7O8900|O3')).nik).toBe('3273011708900103');
    // The same letters in the name stay letters.
    expect(parseKtpText(CLEAN).name).toBe('BUDI SANTOSO');
  });

  it('reads a woman: day + 40 in the NIK, PEREMPUAN, other religions and statuses', () => {
    const text = `PROVINSI DKI JAKARTA
JAKARTA SELATAN
NIK : 3174064509850002
Nama : SITI NUR'AINI
Tempat/Tgl Lahir : JAKARTA, 05-09-1985
Jenis Kelamin : PEREMPUAN Gol. Darah : -
Alamat : JL. KEMANG RAYA 5
Agama : KRISTEN
Status Perkawinan : CERAI HIDUP
Pekerjaan : PEGAWAI NEGERI SIPIL`;
    expect(parseKtpText(text)).toMatchObject({
      nik: '3174064509850002',
      name: "SITI NUR'AINI",
      birthDate: '1985-09-05',
      gender: 'female',
      religion: 2,
      marital: 3,
    });
  });

  it.each([
    ['ISLAM', 1],
    ['KRISTEN', 2],
    ['KATOLIK', 3],
    ['KATHOLIK', 3],
    ['HINDU', 4],
    ['BUDDHA', 5],
    ['BUDHA', 5],
    ['KONGHUCU', 6],
    ['KRlSTEN', 2],
    ['HlNDU', 4],
  ])('religion %s is code %i', (word, code) => {
    expect(parseKtpText(CLEAN.replace('ISLAM', word)).religion).toBe(code);
  });

  it.each([
    ['KAWIN', 1],
    ['BELUM KAWIN', 2],
    ['CERAI HIDUP', 3],
    ['CERAI MATI', 4],
    ['CERAl MATl', 4],
    ['BELUM KAWIN KOTA BANDUNG', 2],
  ])('marital status %s is code %i', (words, code) => {
    expect(parseKtpText(CLEAN.replace('BELUM KAWIN', words)).marital).toBe(code);
  });

  it('keeps ALAMAT from being read as AGAMA when the religion line is lost', () => {
    const text = CLEAN.replace('Agama : ISLAM\n', '');
    expect(parseKtpText(text).religion).toBeNull();
  });

  it('finds the NIK by its digits when its label is lost, but never turns words into a number', () => {
    expect(parseKtpText(CLEAN.replace('NIK :', '~ ,')).nik).toBe('3273011708900003');
    expect(parseKtpText(CLEAN.replace('NIK : 3273011708900003', 'SIOSOBOLOSOGIBOIZ')).nik).toBeNull();
  });

  it('leaves a field null rather than guess', () => {
    const text = CLEAN.replace('3273011708900003', '327301170890003') // 15 digits
      .replace('BUDI SANTOSO', 'BUDI 5@NT0$0')
      .replace('17-08-1990', '17-08-19')
      .replace('LAKI-LAKI', 'LXKYQ')
      .replace('ISLAM', 'ZZZZ')
      .replace('BELUM KAWIN', '?');
    expect(parseKtpText(text)).toEqual({
      nik: null,
      name: null,
      birthDate: null,
      gender: null,
      religion: null,
      marital: null,
      confidence: 0,
    });
  });

  it('refuses impossible NIKs and dates', () => {
    expect(parseKtpText(CLEAN.replace('3273011708900003', '3273013508900003')).nik).toBeNull(); // day 35
    expect(parseKtpText(CLEAN.replace('3273011708900003', '3273011713900003')).nik).toBeNull(); // month 13
    expect(parseKtpText(CLEAN.replace('17-08-1990', '31-02-1990')).birthDate).toBeNull();
  });

  it('when the NIK and the birth line or gender disagree, leaves both for the borrower', () => {
    const date = parseKtpText(CLEAN.replace('17-08-1990', '11-08-1990'));
    expect([date.nik, date.birthDate]).toEqual([null, null]);
    expect(date.name).toBe('BUDI SANTOSO');
    const gender = parseKtpText(CLEAN.replace('LAKI-LAKI', 'PEREMPUAN'));
    expect([gender.nik, gender.gender]).toEqual([null, null]);
    expect(gender.birthDate).toBe('1990-08-17');
  });

  it('trims noise around a name but refuses one with digits inside', () => {
    expect(parseKtpText(CLEAN.replace('BUDI SANTOSO', 'BUDI  SANTOSO |')).name).toBe('BUDI SANTOSO');
    expect(parseKtpText(CLEAN.replace('BUDI SANTOSO', 'BUDI S4NTOSO')).name).toBeNull();
  });

  it('ignores lines the engine was unsure of, and scales confidence by what was read', () => {
    const lines = CLEAN.split('\n').map((text) => ({ text, confidence: text.startsWith('Nama') ? 30 : 90 }));
    const reading = parseKtpText(lines);
    expect(reading.name).toBeNull();
    expect(reading.nik).toBe(BUDI.nik);
    expect(reading.confidence).toBeCloseTo(0.9 * (5 / 6), 2);
  });
});
