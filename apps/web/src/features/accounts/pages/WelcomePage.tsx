import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { Icon, type IconName } from '../../../ui/icons';
import { PAGES } from '../../../paths';
import { VatQuestion } from '../../fees/components/VatQuestion';
import '../strings';

const STEPS: { to: string; icon: IconName; title: string; text: string }[] = [
  { to: PAGES.clients, icon: 'clients', title: 'welcome.addClient', text: 'welcome.addClientText' },
  { to: PAGES.newInvoice, icon: 'invoice', title: 'welcome.createInvoice', text: 'welcome.createInvoiceText' },
  { to: PAGES.aiTab, icon: 'ai', title: 'welcome.tryAi', text: 'welcome.tryAiText' },
];

/** /welcome/: the friendly start after registration. */
export default function WelcomePage() {
  const { t } = useStrings('accounts');
  const user = useCurrentUser();
  const first = user?.name?.split(' ')[0];
  return (
    <Stack component="main" maw={880} mx="auto" px="md" py={{ base: 'lg', sm: 48 }} gap="lg">
      <Stack gap={6}>
        <Text fw={800} fz={24} c="teal.8">
          {t('brand')}
        </Text>
        <Title order={1} size="h2">
          {first ? t('welcome.title', { name: first }) : t('welcome.titleAnon')}
        </Title>
        <Text c="dimmed">{t('welcome.intro')}</Text>
      </Stack>
      <VatQuestion company={user?.company_name} country={user?.country} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {STEPS.map((s) => (
          <Card key={s.to} component={Link} to={s.to} withBorder radius="lg" padding="lg">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light" color="teal">
                <Icon name={s.icon} size={24} />
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={700}>{t(s.title)}</Text>
                <Text fz="sm" c="dimmed">
                  {t(s.text)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/" variant="subtle">
          {t('welcome.skip')}
        </Button>
      </Group>
    </Stack>
  );
}
