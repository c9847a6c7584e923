// Customer documents: images or PDF, at most 8 MB, recognised by their bytes (not by name or the
// browser's claim), stored under generated names.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '~/domain/medias';
import { ApiError, fieldError } from '../http/errors';
import { log } from '../log';
import { makePrivateFolder, writePrivateFile } from '../private-files';

const signatures: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { mime: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { mime: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export function sniffType(bytes: Buffer): { mime: string; ext: string } | null {
  return signatures.find((s) => s.test(bytes)) ?? null;
}

export interface StoredUpload {
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
}

/** Checks and writes one upload; `field` names the form field for a 422. */
export async function storeUpload(dir: string, file: File, field: string): Promise<StoredUpload> {
  if (file.size > MAX_UPLOAD_BYTES) throw fieldError(field, 'validators.fileSize');
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type) throw fieldError(field, 'api.fileType');
  const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const target = path.join(dir, storedName);
  try {
    // Identity documents: readable by the server's user only.
    await makePrivateFolder(dir);
    await writePrivateFile(target, bytes);
  } catch (err) {
    // A disk that fills up mid-write leaves part of the file: it goes, nothing will point at it.
    await rm(target, { force: true }).catch(() => undefined);
    throw storageFault(err, dir);
  }
  return { storedName, originalName: file.name.slice(0, 200) || `document.${type.ext}`, mime: type.mime, size: bytes.length };
}

/**
 * What the documents folder answers when it cannot take a file: full (ENOSPC, EDQUOT), read-only
 * (EROFS), not ours (EACCES, EPERM), not a folder (ENOTDIR, EEXIST from mkdir), a failing disk (EIO).
 */
const STORAGE_FAULTS: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EISDIR', 'EIO']);

/**
 * The folder's fault as a 503 under `api.documentsUnavailable`: the request changed nothing (the
 * callers write the file before any row and drop the files when anything after fails). The
 * operator's line names the folder and the cause; the client's message names neither.
 */
function storageFault(err: unknown, dir: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (!code || !STORAGE_FAULTS.has(code)) return err;
  log().error({ code, folder: dir }, `documents folder cannot store files (${code}): upload refused with 503`);
  return new ApiError(503, 'api.documentsUnavailable');
}

/** Removes files written for a request that then failed; a folder that is itself failing is only logged. */
export async function discardUploads(dir: string, uploads: StoredUpload[]): Promise<void> {
  const results = await Promise.allSettled(uploads.map((u) => rm(path.join(dir, u.storedName), { force: true })));
  for (const result of results) {
    if (result.status === 'rejected') log().error({ err: result.reason as Error, folder: dir }, 'a document of a failed request could not be removed');
  }
}
