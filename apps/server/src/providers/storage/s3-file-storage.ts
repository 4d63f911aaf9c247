import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, isStorageKey, type FileStorage } from './file-storage.ts';

export interface S3FileStorageOptions {
  client: S3Client;
  bucket: string;
  /** A folder inside the bucket for the app's files, e.g. `kaskita/files` (storage key rules); the root if unset. */
  prefix?: string;
  /** Keys per ListObjectsV2 page: S3's own maximum by default. */
  listPageSize?: number;
}

// Not-found is told apart by name: a missing bucket (NoSuchBucket) is a 404 as well, and must not read as "no file".
// HEAD answers carry no body, so a missing object there is only `NotFound`.
const isMissing = (error: unknown, name: 'NoSuchKey' | 'NotFound') =>
  error instanceof S3ServiceException && error.name === name;

/**
 * Files in an S3 bucket (AWS or any S3-compatible store), shared by every app instance. A PUT replaces an object
 * whole, so readers never see half a file. The bytes are stored as given; the encrypted file store above has already
 * encrypted them. The credentials need s3:GetObject, PutObject, DeleteObject and ListBucket on the bucket (without
 * ListBucket S3 answers 403, not 404, for a missing file).
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly listPageSize: number;

  constructor(options: S3FileStorageOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize ?? 1000;
    const prefix = options.prefix?.replace(/^\/+|\/+$/g, '') ?? '';
    if (prefix !== '') assertStorageKey(prefix);
    this.prefix = prefix === '' ? '' : `${prefix}/`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!object.Body) return Buffer.alloc(0);
      const bytes = await object.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (isMissing(error, 'NoSuchKey')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a DELETE of a missing object with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error, 'NotFound')) return false;
      throw error;
    }
  }

  /** ListObjectsV2 page by page; objects below the prefix that are no storage key (someone else's) are left out. */
  async *list(): AsyncIterable<string> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.listPageSize },
      { Bucket: this.bucket, Prefix: this.prefix || undefined },
    );
    for await (const page of pages)
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (key !== undefined && isStorageKey(key)) yield key;
      }
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }
}
