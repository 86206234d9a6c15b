import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function BillingSettingsPage() {
  return (
    <>
      <PageHeader title="Billing" />
      <EmptyState title="Nothing here yet">Billing arrives with plans in a coming release.</EmptyState>
    </>
  );
}
