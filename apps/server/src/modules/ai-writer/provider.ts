import type { AiLanguage, AiType } from '@duka/core';

/** Readable text of a fetched web page (content_link). */
export interface PageText {
  url: string;
  title: string;
  description: string;
  headings: string[];
  paragraphs: string[];
}

/** Who the content is from: the signed-in user's profile, used for sign-offs. */
export interface Sender {
  name?: string;
  company?: string;
}

export interface GenerateExtra {
  /** content_link: the page the link points to, already fetched safely. */
  source?: PageText;
  /** The user's name and company, for sign-offs where the form does not ask for them. */
  from?: Sender;
  /** Aborts the call (client gone, timeout). */
  signal?: AbortSignal;
  /** The built-in writer varies its wording with this; fixed in tests for deterministic output. */
  seed?: number;
}

export interface GeneratedText {
  title: string;
  content: string;
}

/** Fields of a generate payload without `generate` and `language`, as strings. */
export type AiFields = Record<string, string>;

/** One interface for every way of writing content: the built-in writer and OpenAI-compatible servers. */
export interface AiProvider {
  /** Stored with each result: 'builtin' or 'openai:<model>'. */
  readonly name: string;
  /** Whether it writes this language; a request in another one is refused before any charge. */
  writes(language: string, type: AiType): boolean;
  generate(type: AiType, fields: AiFields, language: AiLanguage, extra?: GenerateExtra): Promise<GeneratedText>;
}

/** A provider could not write the content (network, HTTP error, bad answer): the route answers 502, nothing is charged. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
