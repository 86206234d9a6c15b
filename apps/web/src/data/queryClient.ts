import { QueryClient } from '@tanstack/react-query';

/** The app's one query client: the in-memory state that log out empties (SPEC §4). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
