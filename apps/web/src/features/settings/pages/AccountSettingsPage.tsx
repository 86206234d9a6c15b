import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function AccountSettingsPage() {
  return (
    <>
      <PageHeader title="Account" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
