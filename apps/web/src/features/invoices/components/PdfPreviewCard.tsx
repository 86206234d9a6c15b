import { Alert, Button, Card, Center, Group, Loader, Text } from '@mantine/core';
import { useStrings } from '../../../i18n';
import type { PdfState } from '../lib/usePdf';

/**
 * Whether this browser shows a PDF inside the page. Chrome on Android (most of our users' phones) has no PDF viewer
 * and says so (navigator.pdfViewerEnabled false); there an <object> can stay an empty black box instead of showing
 * its fallback (t25 T25-3), so the page shows the sentence itself. Older browsers without the property keep the
 * <object>, whose fallback is the same sentence.
 */
export const showsPdfInline = () => typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;

/** The invoice view's PDF, made on the device: its preview where the browser shows one, and Download. */
export function PdfPreviewCard({ pdf, number, file }: { pdf: PdfState; number: string; file: string }) {
  const { t } = useStrings('invoices');
  // A browser that shows no PDF in the page (most phones): a sentence, not a second "Download PDF" (t17 K4).
  const noPreview = (
    <Text size="sm" c="dimmed" data-testid="pdf-no-preview">
      {t('pdfNoPreview')}
    </Text>
  );
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('preview')}</Text>
        {pdf.url && (
          <Button component="a" href={pdf.url} download={`${file}.pdf`} size="xs" variant="light" data-testid="download-pdf">
            {t('download')}
          </Button>
        )}
      </Group>
      {pdf.error ? (
        <Alert color="red">{t('pdfFailed')}</Alert>
      ) : !pdf.url ? (
        <Center h={200} role="status" aria-busy="true" aria-label={t('pdfBuilding')}>
          <Loader />
        </Center>
      ) : !showsPdfInline() ? (
        noPreview
      ) : (
        <object
          data={pdf.url}
          type="application/pdf"
          aria-label={`${t('preview')} ${number}`}
          data-testid="pdf-preview"
          data-ms={pdf.ms ?? ''}
          data-fiscal={pdf.fiscal ?? ''}
          style={{ width: '100%', height: '70vh', border: 0 }}
        >
          {noPreview}
        </object>
      )}
    </Card>
  );
}
