/**
 * What every storefront page shows around itself, read after its first paint (src/app/shop-layout.tsx
 * loads this lazily): the footer collapsibles, the locked view when `pos_locked` is on (the home
 * page draws its own, server-rendered), and the tag manager when the server names one
 * (docs/decisions/storefront.md "Content blocks", "Marketing events").
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { siteContentQueryOptions } from '../../api/get-content';
import { loadTagManager } from '../../features/marketing/tag-manager';
import { useMode } from '../../features/session/mode';
import { LockedView } from './locked-view';
import { SiteFooter } from './site-footer';

export function SiteChrome() {
  const mode = useMode();
  const { pathname } = useLocation();
  const site = useQuery(siteContentQueryOptions).data;
  const tagManager = site?.tag_manager_id ?? null;
  useEffect(() => {
    // Staff screens send no marketing: the tag manager is for shoppers and the showroom kiosk.
    if (tagManager && mode !== 'pos') loadTagManager(tagManager);
  }, [tagManager, mode]);
  const locked = site?.pos_locked === true && mode === 'storefront' && pathname !== '/';
  useEffect(() => {
    const main = document.getElementById('main');
    if (!locked || !main) return;
    main.setAttribute('inert', '');
    return () => main.removeAttribute('inert');
  }, [locked]);
  if (!site) return null;
  return (
    <>
      {locked ? <LockedView /> : null}
      {site.footer ? <SiteFooter block={site.footer} kiosk={mode === 'kiosk'} /> : null}
    </>
  );
}
