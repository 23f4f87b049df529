import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/**
 * The pager under a list: page (1-based outside, MUI counts from 0), page size, the total. On a
 * phone it is one line, the arrows at its right end (MUI's spacer and margins wrapped them onto a
 * line of their own, at the left); when it does wrap, the arrows still go right.
 */
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
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 1 },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-input': { mr: { xs: 2, sm: 4 } },
        '& .MuiTablePagination-actions': { ml: { xs: 'auto', sm: 2.5 } },
      }}
    />
  );
}
