import type { NextFunction, RequestHandler, Response } from 'express';
import type { Files, StoredFile } from '../files/files.js';
import { OutcomeError } from '../kernel/errors.js';
import { callerOf, sendErrorEnvelope } from './http.js';

function sendFile(res: Response, file: StoredFile, cache: string): void {
  res.set({
    'Content-Type': file.content_type,
    // RFC 6266: a plain ASCII name plus the exact UTF-8 one.
    'Content-Disposition': `inline; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'Cache-Control': cache,
    'X-Content-Type-Options': 'nosniff',
  });
  res.status(200).end(Buffer.from(file.bytes));
}

/** An expected refusal (not found, scope) is answered here; anything else goes to the error handler, which logs it. */
function refuseOrPass(res: Response, next: NextFunction, error: unknown): void {
  if (error instanceof OutcomeError) sendErrorEnvelope(res, error);
  else next(error);
}

/** `GET /api/agents/files/:fileId` with an agent key of the file's account. */
export function fileDownload(files: Files): RequestHandler {
  return async (req, res, next) => {
    try {
      const file = await files.forCaller(String(req.params.fileId), callerOf(res));
      sendFile(res, file, 'private, no-store');
    } catch (error) {
      refuseOrPass(res, next, error);
    }
  };
}

/** `GET /share/:token`: a signed, expiring link for people without a key (an invoice's customer). */
export function sharedDownload(files: Files): RequestHandler {
  return async (req, res, next) => {
    try {
      sendFile(res, await files.fromShareToken(String(req.params.token)), 'private, max-age=300');
    } catch (error) {
      refuseOrPass(res, next, error);
    }
  };
}
