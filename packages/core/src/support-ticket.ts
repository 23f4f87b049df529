/**
 * Support tickets (accounts spec §2 "Support drawer", §5 "Support ticket", §7 Support, §8
 * support_attachment_exceed_limit, §9 "Attachment limit 5 MB"). Shared by the ticket form and
 * the help desk's routes so both refuse the same things.
 */
import { isValidEmail } from './account-rules.ts';

/** An attachment is at most 5 MB (5 × 1024 × 1024 bytes). */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Attachments one ticket may carry: a bound on what one request may link, not a spec number. */
export const SUPPORT_TICKET_MAX_UPLOADS = 10;

/** The message key shown when a file is over the limit. */
export const SUPPORT_ATTACHMENT_TOO_LARGE = 'support_attachment_exceed_limit';

/** The spec's CC list: comma separated, spaces removed, empty entries dropped. */
export function parseCcList(text: string): string[] {
  return text
    .replace(/\s+/g, '')
    .split(',')
    .filter((entry) => entry !== '');
}

/** The CC entries that are not email addresses (the form shows them as its live error). */
export function invalidCcEntries(text: string): string[] {
  return parseCcList(text).filter((entry) => !isValidEmail(entry));
}

/**
 * Whether a plan's support lets the organization file private tickets: a support tier that
 * includes private support, and a verified email for the person filing (accounts spec §6
 * "Private support needs a paid plan and verified email").
 */
export function canFilePrivateTicket(tierIncludesPrivateSupport: boolean, emailVerified: boolean): boolean {
  return tierIncludesPrivateSupport && emailVerified;
}
