import { type CustomerLanguage, fiscalDateTimeText, fiscalStrings, groupsOfFour, type PublicFiscal as Fiscal } from '@duka/core';
import { qrModules, qrPath } from '@duka/pdf/qr';
import { Card, Group, Stack, Text } from '@mantine/core';

/**
 * The fiscal block on the public invoice page (issue 26), as the PDF prints it: KRA's control unit, fiscal number
 * and receipt label, internal data and signature in fours, the time, the buyer's PIN and the QR code; "awaiting
 * KRA" before; TEST — NOT A TAX INVOICE in TEST MODE. Loaded lazily (the QR encoder stays out of the pay page).
 */
export default function PublicFiscal({ fiscal, language }: { fiscal: Fiscal; language: CustomerLanguage }) {
  const S = fiscalStrings(language, fiscal.test);
  const test = fiscal.test && (
    // Dark red on white (contrast above 4.5:1) and free to wrap at 360 px, unlike a light Badge.
    <Text size="sm" fw={700} c="red.9" style={{ border: '1px solid currentColor', borderRadius: 4, padding: '2px 8px', alignSelf: 'flex-start' }}>
      {S.testBanner}
    </Text>
  );
  if (fiscal.state !== 'fiscalised')
    return (
      <Card withBorder padding="sm" data-testid="public-fiscal-awaiting">
        <Stack gap={4}>
          {test}
          <Text fw={600}>{S.awaiting}</Text>
          <Text size="sm" c="dimmed">
            {S.awaitingNote}
          </Text>
        </Stack>
      </Card>
    );
  const m = fiscal.qr_text ? qrModules(fiscal.qr_text) : null;
  const rows: Array<[string, string]> = [
    [S.controlUnit, fiscal.control_unit_id ?? ''],
    [S.fiscalNumber, `${fiscal.fiscal_number ?? ''} · ${S.receipt} ${fiscal.receipt_label ?? ''}`],
    ...(fiscal.credit_note && fiscal.credits_fiscal_number ? ([[S.creditsFiscalNumber, fiscal.credits_fiscal_number]] as Array<[string, string]>) : []),
    [S.internalData, groupsOfFour(fiscal.internal_data ?? '')],
    [S.signature, groupsOfFour(fiscal.signature ?? '')],
    [S.dateTime, fiscal.fiscal_datetime ? fiscalDateTimeText(fiscal.fiscal_datetime) : ''],
    ...(fiscal.buyer_pin ? ([[S.buyerPin, fiscal.buyer_pin]] as Array<[string, string]>) : []),
  ];
  return (
    <Card withBorder padding="sm" data-testid="public-fiscal">
      <Group align="flex-start" justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
          {test}
          <Text fw={600}>{fiscal.credit_note ? S.creditHeading : S.heading}</Text>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </Stack>
        {m && (
          <svg viewBox={`-2 -2 ${m.length + 4} ${m.length + 4}`} width={120} height={120} role="img" aria-label={fiscal.qr_text ?? ''} data-testid="fiscal-qr">
            <rect x={-2} y={-2} width={m.length + 4} height={m.length + 4} fill="#fff" />
            <path d={qrPath(m)} fill="#000" />
          </svg>
        )}
      </Group>
    </Card>
  );
}
