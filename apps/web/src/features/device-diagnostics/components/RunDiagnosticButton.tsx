import { ReasonedButton } from '../../../components/ReasonedButton.tsx';

/**
 * The button that runs health checks or diagnostics. Offline it is disabled with the reason as
 * a tooltip (fleets spec §5 "Otherwise a tooltip says cloudlink is required").
 */
export function RunDiagnosticButton({ label, disabledReason, isRunning, onRun }: { label: string; disabledReason: string | null; isRunning: boolean; onRun: () => void }) {
  return (
    <ReasonedButton variant="contained" disabledReason={disabledReason} isBusy={isRunning} onClick={onRun}>
      {label}
    </ReasonedButton>
  );
}
