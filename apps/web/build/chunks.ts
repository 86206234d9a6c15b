/**
 * Fewer, bigger files for the two first screens. On a weak link every file costs a round trip and its headers, and
 * left alone the bundler cuts the login and invoice-link pages into ~20 files of 1 KB each (modules shared with
 * other pages). These groups gather them: the Mantine pieces both first screens use, the login page's own modules,
 * and the invoice link page's own modules. Other pages that use a piece load its group (a few KB more, once).
 */
const sep = String.raw`[\\/]`;
const anyOf = (parts: string[]) => new RegExp(parts.map((p) => p.replace(/\//g, sep)).join('|'));

const FIRST_UI = anyOf([
  '@mantine/core/esm/components/(Anchor|Group|Paper|Container|Alert|Badge|Card|Divider|Image|SimpleGrid|ThemeIcon|Input|InputBase|TextInput|PasswordInput|ActionIcon|Center|Stack|Text|Title|Loader|Button)/',
  '@mantine/core/esm/core/utils/(create-safe-context|get-sorted-breakpoints)/',
  '@mantine/core/esm/core/styles-api/',
  '@mantine/hooks/esm/(use-id|use-uncontrolled|use-reduced-motion|use-isomorphic-effect)/',
]);
export const firstScreenChunks = {
  groups: [
    { name: 'first-ui', test: FIRST_UI, priority: 3 },
  ],
};
