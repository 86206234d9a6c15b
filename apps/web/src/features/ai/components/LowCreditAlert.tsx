import { upgradePath } from '@duka/core';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import '../strings';

/** SPEC modal 8 / §8: the Low Credit alert shown on a generation 401. */
export function LowCreditAlert({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useStrings('ai');
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title={t('lowCreditTitle')} centered>
      <Text mb="lg">{t('lowCredit')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigate(upgradePath(user?.country));
          }}
        >
          {t('buyCredit')}
        </Button>
      </Group>
    </Modal>
  );
}
