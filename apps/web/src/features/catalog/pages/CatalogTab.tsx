import { CatalogList } from '../components/CatalogList';

/** /tabs/catalog. */
export default function CatalogTab() {
  return <CatalogList />;
}
