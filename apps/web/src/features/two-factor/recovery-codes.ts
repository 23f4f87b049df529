/** A recovery-code file for download. */
export function recoveryCodesFile(codes: string[]): Blob {
  return new Blob([`Flotilla two-factor recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
}
