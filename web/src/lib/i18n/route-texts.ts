import { createElement, lazy, type ComponentType } from 'react';
import { loadPageTexts } from '@/lib/i18n';

/**
 * A page loaded on demand (terms, cancel, events…), as a route's element: its code and the other pages'
 * texts are fetched together, so the page then renders at once in the visitor's language instead of
 * waiting for its texts after its code (AppProviders' Suspense shows the loading screen meanwhile).
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: (await Promise.all([load(), loadPageTexts()]))[0] }));
  return createElement(Page);
}
