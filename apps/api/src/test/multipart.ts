import { randomUUID } from 'node:crypto';

/** A file in a multipart body; without a name it is a vehicle photo (`images`, photo.jpg, image/jpeg). */
export interface FilePart {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export type MultipartFields = Record<string, string | number | string[]>;

/** A multipart/form-data body for `app.inject`: text fields first (repeated when an array), then files. */
export function multipart(fields: MultipartFields, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dealer${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'images'}"; filename="${file.filename ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
