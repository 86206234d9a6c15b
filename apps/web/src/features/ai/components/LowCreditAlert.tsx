import { Button, Group, Modal, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useStrings } from '../../../i18n';
import { PAGES } from '../../../paths';
import '../strings';

const CreditPacksModal = lazy(() => import('../../plans/components/CreditPacks').then((m) => ({ default: m.CreditPacksModal })));

/** SPEC modal 8 / §8: the Low Credit alert shown on a generation 401. */
export function LowCreditAlert({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useStrings('ai');
  const [buying, setBuying] = useState(false);
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('lowCreditTitle')} centered>
        <Text mb="lg">{t('lowCredit')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => {
              onClose();
              setBuying(true);
            }}
          >
            {t('buyCredit')}
          </Button>
        </Group>
      </Modal>
      {buying && (
        <Suspense fallback={null}>
          <CreditPacksModal opened onClose={() => setBuying(false)} callbackUrl={PAGES.thankYou} />
        </Suspense>
      )}
    </>
  );
}
