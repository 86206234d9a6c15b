import { CatalogList } from '../components/CatalogList';

/** /catalog (side menu 'Catalog'). */
export default function CatalogPage() {
  return <CatalogList />;
}
