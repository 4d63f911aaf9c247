import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { call } from '../helpers/test-app.ts';
import { multipartFile } from '../helpers/multipart.ts';

/** A plain photo-like JPEG: real image bytes, nothing OCR can read. */
export async function plainPhoto(
  format: 'jpeg' | 'png' = 'jpeg',
  width = 800,
  height = 500,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 210, b: 240 } } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

export async function uploadKtp(
  app: FastifyInstance,
  token: string,
  file: { filename: string; contentType: string; bytes: Uint8Array },
  ip?: string,
) {
  return call<Record<string, unknown>>(app, {
    method: 'POST',
    url: '/api/v1/user/ocr_check',
    token,
    ip,
    ...multipartFile('id_card', file),
  });
}

export function post<T = Record<string, unknown>>(
  app: FastifyInstance,
  token: string,
  url: string,
  payload: Record<string, unknown>,
) {
  return call<T>(app, { method: 'POST', url: `/api${url}`, token, payload });
}

export function get<T = Record<string, unknown>>(app: FastifyInstance, token: string, url: string) {
  return call<T>(app, { method: 'GET', url: `/api${url}`, token });
}

/** A man born 17/08/1990, registered in Coblong, Kota Bandung (32.73.02). */
export const KTP = {
  cardid: '3273021708900001',
  name: 'Budi Santoso',
  birth_date: '1990-08-17',
  gender: '1',
  religion: '1',
  marriage: '2',
};

/** Jawa Barat / Kota Bandung / Coblong / Dago. */
export const ADDRESS = {
  province: '32',
  city: '32.73',
  districts: '32.73.02',
  sub_districts: '32.73.02.1004',
  address: 'Jl. Ir. H. Juanda No. 10, RT 01/RW 02',
};

export const BASE = {
  education: '6',
  mother_maiden_name: 'Siti Aminah',
  ...ADDRESS,
  zip_code: '40135',
  live_duration: '4',
};

export const JOB = {
  has_job: '1',
  career: '1',
  income_source: '1',
  salary: '3',
  salary_day: '25',
  income: '6500000',
  spending: '3000000',
  other_loan_status: '3',
  other_platforms: '1',
};

export const socials = (a = '081234560001', b = '081234560002') =>
  JSON.stringify([
    { relation: 2, name: 'Dewi Lestari', phone: a },
    { relation: 7, name: 'Andi Wijaya', phone: b },
  ]);

export const SOCIAL = {
  socials: socials(),
  contact_consent: '1',
  expect_amount: '3000000',
  expect_period: '6',
};
