import { billingCurrency, CREDIT_PACKS, formatPlanMoney } from '@duka/core';
import { Button, Card, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { goTo, startCheckout, useOnline } from '../api';
import '../strings';
import { OfflineNote } from './OfflineNote';

/** The credit packs (any country; naira in Nigeria, dollars elsewhere); Buy opens the provider's checkout. */
export function CreditPacks({ callbackUrl }: { callbackUrl?: string }) {
  const { t } = useStrings('plans');
  const user = useCurrentUser();
  const currency = billingCurrency(user?.country);
  const online = useOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const buy = async (id: string) => {
    setBusy(id);
    try {
      const { url } = await startCheckout({ transaction: { credit_pack: id }, ...(callbackUrl ? { callback_url: callbackUrl } : {}) });
      goTo(url);
    } catch {
      toast.danger(t('loginToContinue'), 'transactionOrPortal');
      setBusy(null);
    }
  };
  return (
    <>
      <OfflineNote />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {CREDIT_PACKS.map((pack) => (
          <Card key={pack.id} withBorder radius="md" padding="md" data-testid={`pack-${pack.id}`}>
            <Text fw={700} fz="lg">
              {t('packCredits', { credits: pack.credits })}
            </Text>
            <Group justify="space-between" mt="sm">
              <Text fw={600}>{formatPlanMoney(pack.prices[currency], currency)}</Text>
              <Button
                onClick={() => buy(pack.id)}
                loading={busy === pack.id}
                disabled={!online || (busy !== null && busy !== pack.id)}
                aria-label={`${t('buy')} ${t('packCredits', { credits: pack.credits })}`}
              >
                {t('buy')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

export function CreditPacksModal({ opened, onClose, callbackUrl }: { opened: boolean; onClose: () => void; callbackUrl?: string }) {
  const { t } = useStrings('plans');
  return (
    <Modal opened={opened} onClose={onClose} title={t('packsTitle')} centered size="lg">
      <Text size="sm" c="dimmed" mb="md">
        {t('packsIntro')}
      </Text>
      <CreditPacks callbackUrl={callbackUrl} />
    </Modal>
  );
}
