/** The strings key of a core option (AGE_OPTIONS, EMAIL_TONES, REPLY_INTENTS): 'Ask for more details' → ask_for_more_details. */
export function optionKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
}
