import type { NamespaceTranslation } from '../translation';

/** Every Swahili namespace in one chunk, downloaded only when Swahili is the active language. */
const modules = import.meta.glob<NamespaceTranslation>('../../**/*trings.sw.ts', { eager: true, import: 'default' });
export default Object.values(modules);
