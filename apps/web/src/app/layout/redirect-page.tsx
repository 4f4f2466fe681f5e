import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { findRoute } from '../routing/route-registry.ts';
import { refreshTab, tabStore } from '../stores/tab-store.ts';

/**
 * /redirect/:path, the tab-refresh helper: drops the kept-alive instance of the target page and
 * goes back to it (query kept), so the page mounts afresh. Never a tab itself.
 */
export default function RedirectPage() {
  const { path = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = path.startsWith('/') ? path : `/${path}`;
    const route = findRoute(target);
    if (route) tabStore.set((state) => refreshTab(state, route.name));
    navigate(`${target}${search}`, { replace: true });
  }, [path, search, navigate]);
  return null;
}
