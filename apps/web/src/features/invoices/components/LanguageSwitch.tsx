import { type Language, LANGUAGE_NAMES, LANGUAGES, setDisplayLanguage } from '@duka/core';
import { Button, Group } from '@mantine/core';
import { setLanguage, useLanguage, useStrings } from '../../../i18n/lite';

/**
 * The public page's language switch (issue 19): English / Français / Kiswahili, each named in its own language.
 * Plain buttons (Tab, Enter, Space); the current one is aria-pressed. The page re-renders in place, no reload.
 */
export function LanguageSwitch({ onChange }: { onChange?: (language: Language) => void }) {
  const { t } = useStrings('invoiceLink');
  const active = useLanguage();
  return (
    <Group gap={4} role="group" aria-label={t('publicLanguage')} justify="flex-end" data-testid="language-switch">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === active ? 'filled' : 'subtle'}
          aria-pressed={language === active}
          lang={language}
          onClick={() => {
            void setLanguage(language).then(() => {
              document.documentElement.lang = language;
              // Amounts drawn by the pay buttons (Paystack, M-Pesa) follow too.
              setDisplayLanguage(language);
              onChange?.(language);
            });
          }}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Group>
  );
}
