import { randomUUID } from 'node:crypto';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  field: string,
  file: FilePart,
): { payload: Buffer; headers: Record<string, string> } {
  return multipartForm({}, { field, ...file });
}

/** A multipart/form-data body with text fields and file parts, as a browser's FormData sends them. */
export function multipartForm(
  fields: Readonly<Record<string, string>>,
  // Falsy entries are left out, so a caller can write `photo && { field: 'photo', ...photo }`.
  ...files: ((FilePart & { field: string }) | undefined | null | false | '')[]
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kaskita${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files)
    if (file)
      parts.push(
        Buffer.from(
          `--${boundary}\r\n` +
            `Content-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
            `Content-Type: ${file.contentType}\r\n\r\n`,
        ),
        Buffer.from(file.bytes),
        Buffer.from('\r\n'),
      );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
