import type { RouteObject } from 'react-router';
import { loadPageTexts } from '@/lib/i18n';

/**
 * The routes with each lazy route's code and the other pages' texts fetched together: a page loaded on
 * demand (terms, cancel, events…) then renders at once in the visitor's language instead of waiting for
 * its texts after its code (AppProviders' Suspense would show the loading screen meanwhile).
 */
export function withPageTexts(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const withChildren = route.children ? { ...route, children: withPageTexts(route.children) } : route;
    const { lazy } = withChildren;
    if (typeof lazy !== 'function') return withChildren;
    return {
      ...withChildren,
      lazy: async () => (await Promise.all([lazy(), loadPageTexts()]))[0],
    } as RouteObject;
  });
}
