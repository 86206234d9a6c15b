import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function InvoiceLinkPage() {
  return (
    <>
      <PageHeader title="Invoice" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
