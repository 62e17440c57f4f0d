import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi, type User } from '../../api/auth';
import { SESSION_KEY } from '../../auth/session';

type Gate = { status: 'checking' } | { status: 'admin'; user: User };

/**
 * Fetches the current user on entry to the back-office. No valid session → /signin (the failed check
 * quietly signs out); signed in but not ADMIN → /.
 */
export function useAdminGate(): Gate {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [gate, setGate] = useState<Gate>({ status: 'checking' });

  useEffect(() => {
    let live = true;
    authApi
      .checkUser()
      .then(({ user }) => {
        if (!live) return;
        qc.setQueryData(SESSION_KEY, user);
        if (user.role !== 'ADMIN') navigate('/', { replace: true });
        else setGate({ status: 'admin', user });
      })
      .catch(() => {
        if (!live) return;
        qc.setQueryData(SESSION_KEY, null);
        navigate('/signin', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate, qc]);

  return gate;
}
