import '../strings';
import '../voidPaidStrings';
import { formatMoney, paidBeforeVoid, voidPaidProblem } from '@duka/core';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useStrings } from '../../../i18n';
import { pagePaths } from '../../../paths';
import type { Invoice } from '../lib/model';

/**
 * The Void dialog. An invoice or counter sale that holds real payments is not voided (t19 N7, core's voidPaidProblem, as the server):
 * the dialog says what was paid and offers a credit note for the whole invoice, which shows the refund due instead.
 */
export function VoidModal(props: {
  inv: Invoice;
  opened: boolean;
  busy: boolean;
  minor: boolean;
  creditable: boolean;
  onClose: () => void;
  onVoid: () => void;
}) {
  const { inv, opened, busy, onClose } = props;
  const { t } = useStrings('invoices');
  const { t: tv } = useStrings('voidPaid');
  const paid = voidPaidProblem(inv) ? paidBeforeVoid(inv) : 0;
  if (paid > 0)
    return (
      <Modal opened={opened} onClose={onClose} title={tv('title', { context: inv.kind === 'sale' ? 'sale' : undefined })} centered>
        <Text data-testid="void-paid">
          {tv('body', { amount: formatMoney(paid, inv.currency, { minor: props.minor }), context: inv.kind === 'sale' ? 'sale' : undefined })}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          {props.creditable && (
            <Button component={Link} to={pagePaths.creditNote(inv.id)}>
              {tv('creditNote')}
            </Button>
          )}
        </Group>
      </Modal>
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('voidTitle', { context: inv.kind })} centered>
      <Text>{t('voidBody', { number: inv.number, context: inv.kind })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={props.onVoid}>
          {t('void')}
        </Button>
      </Group>
    </Modal>
  );
}
