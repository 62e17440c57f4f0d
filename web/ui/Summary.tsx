import type { ComponentPropsWithRef } from 'react';
import { SUMMARY_RESET } from './useDetails';

/**
 * A `<details>` summary that acts as a button: the browser opens and closes its disclosure on a tap before the app
 * runs and without JavaScript, and it is named and exposed as the button it is (with `aria-expanded`).
 */
export function Summary({ className = '', ...props }: ComponentPropsWithRef<'summary'>) {
  // biome-ignore lint/a11y/useSemanticElements: only a summary opens its disclosure without JavaScript
  return <summary role="button" {...props} className={`${SUMMARY_RESET} ${className}`} />;
}
