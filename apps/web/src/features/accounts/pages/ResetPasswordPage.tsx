import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ResetPasswordPage() {
  return (
    <>
      <PageHeader title="Reset password" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
