import { z } from 'zod';
import { LANGUAGE_INVALID_MESSAGE, LANGUAGES } from '../constants/languages';

/** A client's language: one of en/fr/sw, or null for "the same as the owner's" (issue 19). Same message as the owner's. */
export const clientLanguageSchema = z.enum(LANGUAGES, { error: LANGUAGE_INVALID_MESSAGE }).nullable();
