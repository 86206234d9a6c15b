import { aiSample, type AiTypeInfo } from '@duka/core';
import type { ShownContent } from './api';

/** See Sample: the canned SPEC §3 sample of a type, shown in the result modal with Save disabled. */
export function sampleFor(info: AiTypeInfo): ShownContent {
  const s = aiSample(info.type);
  return { title: s.title, page_title: s.pageTitle, content: s.content, sample: true };
}
