import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function AffiliatePage() {
  return (
    <>
      <PageHeader title="Affiliate programme" />
      <EmptyState title="Nothing here yet">The affiliate programme opens in a coming release.</EmptyState>
    </>
  );
}
