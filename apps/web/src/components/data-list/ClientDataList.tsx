import { useMemo, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { clientListPage, type ClientListConfig } from './client-rows.ts';
import { DataList, type DataListProps } from './DataList.tsx';
import type { ListConfig, ListSearch } from './list-search.ts';
import { useListState } from './use-list-state.ts';

export interface ClientDataListProps<Row, Id extends string | number>
  extends Omit<DataListProps<Row, Id>, 'config' | 'state' | 'query' | 'userKey' | 'noMatchTitle' | 'isPaged' | 'isSelectable'> {
  config: ClientListConfig;
  /** The whole list, already loaded (an unpaged query). */
  query: Pick<UseQueryResult<readonly Row[]>, 'data' | 'error'> & { refetch: () => Promise<unknown> };
  /** Title of the state shown when the rules match nothing. Default "Nothing matches the filters". */
  noMatchTitle?: string;
  /** True shows selection checkboxes (with batchActions). Default false: short lists have no batch actions. */
  isSelectable?: boolean;
}

/**
 * DataList for a short unpaged list whose rows are all loaded (a user's SSH keys, an
 * organization's pending invites, a team's members): the same toolbar, states, column choice,
 * table and keyboard use, with the rules and sort applied to the loaded rows (client-rows.ts)
 * and no pager. Its filters and sort live in the component, not the URL: several such lists
 * share a page, next to a server list that owns the URL's keys.
 */
export function ClientDataList<Row, Id extends string | number>({ config, query, noMatchTitle, isSelectable = false, ...props }: ClientDataListProps<Row, Id>) {
  const { t } = useTranslation('dataList');
  const { data: actor } = useQuery(whoamiQuery);
  const [search, setSearch] = useState<ListSearch>({});
  const listConfig = useMemo<ListConfig>(() => ({ ...config, pageSizes: [], defaultPageSize: Number.MAX_SAFE_INTEGER }), [config]);
  const state = useListState(listConfig, search, setSearch);
  const { sort, filters } = state.params;
  const data = useMemo(() => (query.data === undefined ? undefined : clientListPage(query.data, config, { sort, filters })), [query.data, config, sort, filters]);
  return (
    <DataList
      {...props}
      config={listConfig}
      state={state}
      query={{ data, error: query.error, refetch: query.refetch, isPlaceholderData: false }}
      userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
      noMatchTitle={noMatchTitle ?? t('noMatch')}
      isSelectable={isSelectable}
      isPaged={false}
    />
  );
}
