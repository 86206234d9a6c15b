import type { OfferedRail } from '@duka/core';
import { Button, Text } from '@mantine/core';
import { useStrings } from '../../i18n/lite';

/**
 * A way to pay's key on the page (React keys, test ids, the address a reload comes back to): its rail, and its network
 * where the page offers one way per network (Ghana: Telecel and AirtelTigo may both go to Flutterwave).
 */
export const railKey = (rail: Pick<OfferedRail, 'id' | 'network'>) => (rail.network ? `${rail.id}-${rail.network}` : rail.id);

/**
 * A rail's TEST MODE tag. Not a Mantine Badge: its label is cut with an ellipsis inside the button's section at 360 px,
 * and its light orange fails contrast. A dark-orange outlined tag on white keeps "HALI YA MAJARIBIO" whole and readable,
 * on an outlined button and on the filled card button alike.
 */
export function TestModeTag({ label }: { label: string }) {
  // The space before it (not drawn in the button's flex section) keeps the button's text "Pay KSh4,000 TEST MODE", not
  // "…KSh4,000TEST MODE", for what reads it as text (axe checks the name holds it).
  return (
    <>
      {' '}
      <Text
        component="span"
        size="xs"
        fw={700}
        c="#8a3c00"
        style={{
          flexShrink: 0,
          whiteSpace: 'nowrap',
          border: '1px solid currentColor',
          borderRadius: 4,
          padding: '1px 6px',
          textTransform: 'uppercase',
          background: 'var(--mantine-color-white)',
        }}
      >
        {label}
      </Text>
    </>
  );
}

/**
 * "Pay {amount} with {rail}" on the public invoice page (issue 25). It is all the page draws of a rail until the
 * customer shows they mean to use it: the rail's form (features/rails/RailPay: phone field, prompt, status) loads on
 * intent (`onIntent`: a finger or the pointer on the button, or its focus), as the card form does, not with the page.
 */
export function RailButton({
  rail,
  amountLabel,
  disabled,
  loading = false,
  onIntent,
  onClick,
}: {
  rail: OfferedRail;
  /** The amount it takes, as the invoice writes money; null while the amount field cannot be paid (no stale amount). */
  amountLabel: string | null;
  disabled: boolean;
  /** Tapped, its form's code on the way. */
  loading?: boolean;
  onIntent?: () => void;
  onClick: () => void;
}) {
  const { t } = useStrings('invoiceLink');
  return (
    <Button
      size="md"
      color="#237032"
      variant="outline"
      disabled={disabled}
      loading={loading}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
      onClick={onClick}
      data-testid={`rail-${railKey(rail)}-open`}
      rightSection={rail.test_mode ? <TestModeTag label={t('railTestMode')} /> : undefined}
      // Long rail names wrap at 360 px rather than being cut.
      styles={{ root: { height: 'auto', minHeight: 42, paddingBlock: 8 }, label: { whiteSpace: 'normal', textAlign: 'start' } }}
    >
      {amountLabel === null ? t('railPayWithNoAmount', { rail: rail.name }) : t('railPayWith', { amount: amountLabel, rail: rail.name })}
    </Button>
  );
}
