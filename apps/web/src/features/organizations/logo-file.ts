import { LOGO_TOO_LARGE, validateLogoFile, validateLogoImage } from '@flotilla/core/organization-rules';

/** Why a picked logo cannot be used; the screens translate these to catalog messages. */
export type LogoProblem = 'invalidType' | 'tooLarge' | 'unreadable';

export type LogoResult = { dataUrl: string } | { problem: LogoProblem };

function problemOf(error: string): LogoProblem {
  return error === LOGO_TOO_LARGE ? 'tooLarge' : 'invalidType';
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * A picked logo file as the data URL the API stores (accounts spec §5: png or jpeg, at most
 * 1,000,000 bytes). The file is checked before reading so a huge file is never encoded, and
 * the data URL is checked again with the API's own rule.
 */
export async function readLogoFile(file: File): Promise<LogoResult> {
  const fileError = validateLogoFile(file);
  if (fileError) return { problem: problemOf(fileError) };
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(file);
  } catch {
    return { problem: 'unreadable' };
  }
  const urlError = validateLogoImage(dataUrl);
  return urlError ? { problem: problemOf(urlError) } : { dataUrl };
}
