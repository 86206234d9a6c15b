import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function SecuritySettingsPage() {
  return (
    <>
      <PageHeader title="Change Password" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
