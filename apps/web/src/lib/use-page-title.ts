import { useEffect } from 'react';
import { pageTitle } from './format.ts';

/** Sets document.title in the spec's format (fleets spec §9), e.g. "Fleets | Flotilla dashboard". */
export function usePageTitle(page: string | null | undefined): void {
  useEffect(() => {
    if (page) document.title = pageTitle(page);
  }, [page]);
}
