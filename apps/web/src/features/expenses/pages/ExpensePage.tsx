import { Button, Center, Loader } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useRecord } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { ExpenseForm } from '../components/ExpenseForm';
import { ExpenseList } from '../components/ExpenseList';
import { PAGES } from '../../../paths';
import '../strings';

/** /expense: the list; /expense?new=1 a new expense; /expense?id={id} edits one. */
export default function ExpensePage() {
  const { t } = useStrings('expenses');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const expense = useRecord('expenses', id);
  if (params.get('new')) return <ExpenseForm key="new" expense={null} />;
  if (!id) return <ExpenseList />;
  if (expense === undefined)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  if (expense === null) return <EmptyState title={t('form.notFound')} action={<Button onClick={() => navigate(PAGES.expenses)}>{t('form.back')}</Button>} />;
  return <ExpenseForm key={expense.id} expense={expense} />;
}
