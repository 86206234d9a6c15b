import { AI_TYPES, type AiItem } from '@duka/core';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { type ShownContent, useCredit } from '../api';
import { AiList } from '../components/AiList';
import { BannerPopup } from '../components/BannerPopup';
import { ResultModal } from '../components/ResultModal';
import { PAGES, pagePaths } from '../../../paths';
import '../strings';

const CreditPacksModal = lazy(() => import('../../plans/components/CreditPacks').then((m) => ({ default: m.CreditPacksModal })));

function shownOf(item: AiItem): ShownContent {
  return { id: item.id, title: item.title, page_title: item.page_title, content: item.content, sample: false, favorite: item.favorite };
}

/** /tabs/ai and /ai: the credit balance, the types as cards, History and Favourites, the banner popup. */
export default function AiTab() {
  const { t } = useStrings('ai');
  const [buying, setBuying] = useState(false);
  const credit = useCredit();
  const [shown, setShown] = useState<ShownContent | null>(null);
  if (credit.isError) console.error('loading AI credit failed', credit.error);
  const balance = credit.data;
  const creditText = balance ?? t('creditUnknown');

  return (
    <>
      <PageHeader title={t('title')} />
      <Paper withBorder p="md" radius="md" mb="lg">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" c="dimmed" id="ai-credit-label">
              {t('creditBalance')}
            </Text>
            <Text fw={700} fz={28} aria-labelledby="ai-credit-label" data-testid="credit-balance">
              {creditText}
            </Text>
          </div>
          <Button onClick={() => setBuying(true)} variant="light">
            {t('buyCredit')}
          </Button>
        </Group>
      </Paper>

      <Title order={2} size="h4" mb="sm">
        {t('chooseType')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mb="xl" component="nav" aria-label={t('chooseType')}>
        {AI_TYPES.map((info) => (
          <Card
            key={info.type}
            component={Link}
            to={pagePaths.aiType(info.slug, balance)}
            withBorder
            padding="sm"
            radius="md"
            data-testid={`ai-card-${info.slug}`}
          >
            <Text fw={600} size="sm">
              {t(`labels.${info.type}`)}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} visibleFrom="xs">
              {t(`blurbs.${info.type}`)}
            </Text>
            <Badge mt="xs" variant="light" size="sm">
              {t('costCredits', { count: info.cost })}
            </Badge>
          </Card>
        ))}
      </SimpleGrid>

      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="history">{t('history')}</Tabs.Tab>
          <Tabs.Tab value="favorites">{t('favourites')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <AiList which="history" onOpen={(item) => setShown(shownOf(item))} />
        </Tabs.Panel>
        <Tabs.Panel value="favorites">
          <AiList which="favorites" onOpen={(item) => setShown(shownOf(item))} />
        </Tabs.Panel>
      </Tabs>

      <ResultModal shown={shown} onClose={() => setShown(null)} />
      <BannerPopup />
      {buying && (
        <Suspense fallback={null}>
          <CreditPacksModal opened onClose={() => setBuying(false)} callbackUrl={PAGES.thankYou} />
        </Suspense>
      )}
    </>
  );
}
