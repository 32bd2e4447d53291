/** A content block's link: this shop's paths navigate inside the app (react-router), https links leave it. */
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

export function ContentLink(props: {
  href: string;
  className?: string | undefined;
  style?: CSSProperties;
  newTab?: boolean;
  children: ReactNode;
}) {
  const { href, className, style, newTab, children } = props;
  const tab = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/index.php'))
    return (
      <Link to={href} className={className} style={style} {...tab}>
        {children}
      </Link>
    );
  return (
    <a href={href} className={className} style={style} {...tab}>
      {children}
    </a>
  );
}
