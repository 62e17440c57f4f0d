import { InvalidInput } from './errors.js';

/**
 * The size or colour of a product a buyer asks for (a cart line, a quote's line): one the product offers, matched
 * without regard to case; none given, the first it offers; '' when it offers none. Anything else is a 400 on `path`.
 */
export function chosenOption(kind: 'size' | 'colour', options: string[], given: string | undefined, path: string) {
  if (options.length === 0) return '';
  if (!given) return options[0] as string;
  const match = options.find((o) => o.toLowerCase() === given.toLowerCase());
  if (match === undefined) {
    const message = `Choose a ${kind} this product comes in: ${options.join(', ')}`;
    throw new InvalidInput(message, [{ path, message }]);
  }
  return match;
}
