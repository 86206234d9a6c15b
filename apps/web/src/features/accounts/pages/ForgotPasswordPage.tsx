import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ForgotPasswordPage() {
  return (
    <>
      <PageHeader title="Forgot password" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
