import './railSettingsStrings';
import { countryRails, RAILS, type RailId } from '@duka/core';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useStrings } from '../../i18n';

/**
 * Invoice settings (issue 25): which of the business's country's ways to pay its invoice page offers; all of
 * them when the owner has not chosen. `value` null: all.
 */
export function RailSettings({
  country,
  value,
  onChange,
  error,
}: {
  country: string;
  value: RailId[] | null;
  onChange: (next: RailId[]) => void;
  error?: string;
}) {
  const { t } = useStrings('railSettings');
  const rails = countryRails(country);
  if (!rails.length) return null;
  const chosen = value?.length ? value.filter((r) => rails.includes(r)) : rails;
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label={t('settingsLabel')}
        description={t('settingsHint')}
        value={chosen}
        onChange={(v) => onChange(rails.filter((r) => v.includes(r)))}
        error={error}
      >
        <Stack gap={6} mt={6}>
          {rails.map((r) => (
            <Checkbox key={r} value={r} label={r === 'card' ? t('card') : RAILS[r].name} data-testid={`rail-setting-${r}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      {!chosen.length && (
        <Text size="sm" c="red">
          {t('settingsNone')}
        </Text>
      )}
    </Stack>
  );
}
