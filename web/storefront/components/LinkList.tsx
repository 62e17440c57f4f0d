import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list of links of the shop, each in its own item; `children` (items) come first. */
export function LinkList({
  links,
  className,
  linkClassName,
  id,
  children,
}: {
  links: readonly { label: string; to: string }[];
  className: string;
  linkClassName: string;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <ul id={id} className={className}>
      {children}
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
