import { LOGO_MAX_BYTES, updateUserPayload } from '@duka/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getFiles, normaliseImage, randomName, userPrefix } from '../files';
import type { ProfileChanges } from './service';
import { setLogo } from './service';
import type { UserRow } from './user';

export const LOGO_MAX_PIXELS = 512;

/** Reads a multipart profile update: the file user[logo] and optional text fields user[name], … (user[username] is the path's). */
export async function readMultipartUpdate(request: FastifyRequest): Promise<{ fields: ProfileChanges; logo?: Buffer }> {
  const raw: Record<string, string> = {};
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'user[logo]') {
          await part.toBuffer();
          throw new AppError('bad_request', `Unexpected file field '${part.fieldname}'; send the logo as user[logo]`);
        }
        logo = await part.toBuffer();
      } else {
        const m = /^user\[(\w+)\]$/.exec(part.fieldname);
        if (m && m[1] !== 'username' && typeof part.value === 'string') raw[m[1]] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('payload_too_large', `The logo is too large. Upload an image of at most ${LOGO_MAX_BYTES / 1024 / 1024} MB.`);
    }
    throw new AppError('bad_request', 'The upload could not be read. Please try again.');
  }
  const parsed = updateUserPayload.safeParse({ user: raw });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.')] = issue.message;
    const [first] = Object.entries(fields);
    throw new AppError('validation_failed', `${first[0]}: ${first[1]}`, fields);
  }
  if (!logo && Object.keys(raw).length === 0) {
    throw new AppError('validation_failed', 'user[logo]: Choose an image to upload', { 'user.logo': 'Required' });
  }
  return { fields: parsed.data.user, logo };
}

/** Normalises the image, stores it under the user's prefix, points the user at it and removes the old one. */
export async function storeLogo(ctx: AppContext, user: UserRow, input: Buffer): Promise<UserRow> {
  if (input.length > LOGO_MAX_BYTES) throw new AppError('payload_too_large', 'The logo is too large. Upload an image of at most 5 MB.');
  const image = await normaliseImage(input, { maxSize: LOGO_MAX_PIXELS, format: 'webp' });
  const name = randomName(image.ext);
  const key = `${userPrefix(user.id)}logos/${name}`;
  const files = getFiles(ctx);
  await files.put(key, image.buffer, image.contentType);
  const updated = await setLogo(ctx.db, user.id, { key, name });
  if (user.logoLocation && user.logoLocation !== key) await files.delete(user.logoLocation).catch(() => undefined);
  return updated;
}
