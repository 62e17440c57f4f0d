import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authApi, type User } from '../api/auth';

export const SESSION_KEY = ['session'] as const;

/** The signed-in user (null when signed out). Checked once at page start; a failed check quietly signs out. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<User | null> => {
      try {
        return (await authApi.checkUser()).user;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
  return { user: query.data ?? null, loading: query.isPending };
}

export function useSignOut() {
  const qc = useQueryClient();
  return useCallback(async () => {
    try {
      await authApi.signOut();
    } catch (err) {
      console.error('Sign out failed', err);
    }
    qc.setQueryData(SESSION_KEY, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'catalogue' });
  }, [qc]);
}
