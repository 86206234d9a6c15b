import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import type { Terms } from '../lib/api';
import { PAGES } from '../../../paths';
import '../strings';

/** The programme's terms (from the server's configuration) and the way in. */
export function Programme({ terms, joinable = true }: { terms: Terms; joinable?: boolean }) {
  const { t } = useStrings('affiliates');
  const rate = terms.rate_bps / 100;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fz="lg" fw={600}>
          {t('pitch', { rate, months: terms.months })}
        </Text>
        <Title order={2} size="h4">
          {t('how.title')}
        </Title>
        <List type="ordered" spacing={4}>
          <List.Item>{t('how.one')}</List.Item>
          <List.Item>{t('how.two')}</List.Item>
          <List.Item>{t('how.three', { rate, hold: terms.hold_days })}</List.Item>
          <List.Item>{t('how.four')}</List.Item>
        </List>
        {joinable && (
          <Button component={Link} to={PAGES.affiliateRegister} style={{ alignSelf: 'flex-start' }}>
            {t('join')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
