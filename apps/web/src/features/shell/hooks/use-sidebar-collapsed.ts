import { useCallback, useState } from 'react';
import { browserStorage, storeItem, type KeyValueStorage } from '../../../lib/browser-storage.ts';

/** Whether the desktop sidebar is collapsed to icons (56px, accounts spec §2), kept in this browser. */
export const SIDEBAR_COLLAPSED_KEY = 'flotilla.sidebarCollapsed';

export function readSidebarCollapsed(storage: KeyValueStorage | null = browserStorage()): boolean {
  return storage?.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
}

export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [isCollapsed, setCollapsed] = useState(() => readSidebarCollapsed());
  const set = useCallback((collapsed: boolean) => {
    setCollapsed(collapsed);
    storeItem(browserStorage(), SIDEBAR_COLLAPSED_KEY, String(collapsed));
  }, []);
  return [isCollapsed, set];
}
