import { createContext, useContext, type ReactNode } from 'react';

/**
 * The footer the customer app puts under its shared pages (the not-found page): src/app provides the
 * problem report's (routes.tsx), which shared code may not import. Nothing where none is provided.
 */
export const PageFooterContext = createContext<ReactNode>(null);

/** The app's footer for a shared page, when the app provides one. */
export function PageFooter() {
  return useContext(PageFooterContext);
}
