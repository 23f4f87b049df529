import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { memberRole, memberUsername, type MemberRow } from '../api/members.queries.ts';

/** The member's name, organization role, effective seat role and join date above each member page. */
export function MemberHeader({ member }: { member: MemberRow }) {
  const { t } = useTranslation('members');
  const role = memberRole(member);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1">
        {memberUsername(member)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Chip size="small" label={`${t('list.columns.role')}: ${t(`roles.${role}`, { defaultValue: role })}`} />
        {member.effective_seat_role && (
          <Chip
            size="small"
            variant="outlined"
            label={`${t('list.columns.seatRole')}: ${t(`seatRoles.${member.effective_seat_role}`, { defaultValue: member.effective_seat_role })}`}
          />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('detail.joined', { date: formatDate(member.created_at) })}
        </Typography>
      </Box>
    </Box>
  );
}
