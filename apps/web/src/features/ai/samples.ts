import { aiSample, type AiTypeInfo } from '@duka/core';
import type { ShownContent } from './api';

/**
 * See Sample: the canned SPEC §3 sample of a type, shown in the result modal with Save disabled, in the language the
 * result would be written in (the form's output language; English for one the samples are not written in).
 */
export function sampleFor(info: AiTypeInfo, language?: string): ShownContent {
  const s = aiSample(info.type, language);
  return { title: s.title, page_title: s.pageTitle, content: s.content, sample: true };
}
