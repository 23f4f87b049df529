import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/** The pager under a list: page (1-based outside, MUI counts from 0), page size, the total. */
export function ListPagination(props: { total: number; page: number; pageSize: number; pageSizes: readonly number[]; onPage: (page: number) => void; onPageSize: (size: number) => void }) {
  const { t } = useTranslation('dataList');
  const { total, page, pageSize, pageSizes, onPage, onPageSize } = props;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      labelRowsPerPage={t('rowsPerPage')}
      onPageChange={(_e, next) => onPage(next + 1)}
      onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 1 } }}
    />
  );
}
