import { ExpenseList } from '../components/ExpenseList';

/** /tabs/expense: expenses by month with totals. */
export default function ExpensesTab() {
  return <ExpenseList />;
}
