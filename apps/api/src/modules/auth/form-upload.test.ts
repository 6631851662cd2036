import { PassThrough, Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { PayloadTooLargeError, ValidationError } from '../../infra/errors';
import { readUploadForm } from './form-upload';

function filePart(fieldname: string, size: number, fill = 0x41) {
  const file = Readable.from([Buffer.alloc(size, fill)]);
  return { type: 'file' as const, fieldname, file, toBuffer: vi.fn(async () => Buffer.alloc(size, fill)) };
}

/** A multipart request as the form reader sees it: the parts, the declared length and the raw stream. */
function fakeRequest(parts: unknown[], contentLength?: number) {
  const raw = new PassThrough();
  const partsSpy = vi.fn(async function* () {
    yield* parts;
  });
  const request = {
    isMultipart: () => true,
    headers: contentLength === undefined ? {} : { 'content-length': String(contentLength) },
    parts: partsSpy,
    raw,
  } as unknown as FastifyRequest;
  return { request, partsSpy };
}

describe('readUploadForm', () => {
  it('keeps the picture and lets file parts it does not use flow past without buffering them', async () => {
    const junk = [filePart('junk1', 64 * 1024), filePart('resume', 64 * 1024)];
    const avatar = filePart('avatar', 1000);
    const { request } = fakeRequest([{ type: 'field', fieldname: 'name', value: 'Ann' }, junk[0], avatar, junk[1]]);
    const form = await readUploadForm(request);
    expect(form.fields).toEqual({ name: 'Ann' });
    expect(form.picture?.length).toBe(1000);
    for (const part of junk) {
      expect(part.toBuffer).not.toHaveBeenCalled();
      // Drained: the stream was set flowing and ran to its end.
      await new Promise((r) => setImmediate(r));
      expect(part.file.readableEnded).toBe(true);
    }
  });

  it('asks the parser for two file parts (the one picture as file and as avatar) of at most 5 MB', async () => {
    const { request, partsSpy } = fakeRequest([]);
    await readUploadForm(request);
    expect(partsSpy).toHaveBeenCalledWith({ limits: { files: 2, fileSize: 5 * 1024 * 1024 } });
  });

  it('takes the same picture sent as file and as avatar, and refuses two different ones (422)', async () => {
    const same = await readUploadForm(fakeRequest([filePart('file', 1000), filePart('avatar', 1000)]).request);
    expect(same.picture).toEqual(Buffer.alloc(1000, 0x41));
    const refusal = await readUploadForm(fakeRequest([filePart('file', 1000), filePart('avatar', 1000, 0x42)]).request).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal).toMatchObject({ statusCode: 422, errors: { avatar: 'Only one profile picture can be sent' } });
  });

  it('refuses a body declared over two 5 MB pictures and a bit before reading any part', async () => {
    const { request, partsSpy } = fakeRequest([filePart('avatar', 10)], 21 * 10 * 1024 * 1024);
    await expect(readUploadForm(request)).rejects.toThrow(PayloadTooLargeError);
    await expect(readUploadForm(request)).rejects.toThrow('Profile picture must be at most 5 MB');
    expect(partsSpy).not.toHaveBeenCalled();
  });

  it('turns the parser limits into clear refusals', async () => {
    const tooLarge = Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    const tooMany = Object.assign(new Error('reach files limit'), { code: 'FST_FILES_LIMIT' });
    for (const [error, message, kind] of [
      [tooLarge, 'Profile picture must be at most 5 MB', PayloadTooLargeError],
      // A third file part is a malformed form, not a large one.
      [tooMany, 'Only one profile picture can be sent', ValidationError],
    ] as const) {
      const raw = new PassThrough();
      const request = {
        isMultipart: () => true,
        headers: {},
        raw,
        // eslint-disable-next-line require-yield
        parts: async function* () {
          throw error;
        },
      } as unknown as FastifyRequest;
      const refusal = await readUploadForm(request).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(kind);
      expect((refusal as Error).message).toBe(message);
      // The rest of the body is left unread: the connection closes after the answer.
      expect(raw.isPaused()).toBe(true);
    }
  });
});
