import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function AffiliateRegisterPage() {
  return (
    <>
      <PageHeader title="Join the affiliate programme" />
      <EmptyState title="Nothing here yet">The affiliate programme opens in a coming release.</EmptyState>
    </>
  );
}
