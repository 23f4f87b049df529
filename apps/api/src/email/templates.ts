/**
 * The texts of account emails. Links point at the dashboard (`publicUrl`); the token travels
 * only in the link, never in a subject line.
 */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(subject: string, intro: string, action: string, link: string, outro: string): EmailContent {
  return {
    subject,
    text: `${intro}\n\n${action}:\n${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function verificationEmail(link: string, hours: number): EmailContent {
  return render(
    'Verify your email address',
    'Please confirm that this is your email address.',
    'Verify email',
    link,
    `The link works once and expires in ${hours} hours. If you did not sign up, ignore this email.`,
  );
}

export function emailChangeEmail(link: string, hours: number): EmailContent {
  return render(
    'Confirm your new email address',
    'You asked to use this address for your account.',
    'Confirm email',
    link,
    `The link works once and expires in ${hours} hours. If you did not ask for this, ignore this email.`,
  );
}

export function passwordResetEmail(link: string, minutes: number): EmailContent {
  return render(
    'Reset your password',
    'Someone (hopefully you) asked to reset the password of your account.',
    'Choose a new password',
    link,
    `The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this email: your password stays the same.`,
  );
}

/** ASVS V2.2.3: tell the owner after a credential change, so an unexpected one gets noticed. */
export function passwordChangedEmail(): EmailContent {
  const text = 'The password of your account was just changed and your other sessions were signed out. If this was not you, reset your password now and contact support.';
  return { subject: 'Your password was changed', text: `${text}\n`, html: `<p>${escapeHtml(text)}</p>` };
}

export function emailChangedEmail(newEmail: string): EmailContent {
  const text = `The email address of your account was changed to ${newEmail}. If this was not you, contact support.`;
  return { subject: 'Your email address was changed', text: `${text}\n`, html: `<p>${escapeHtml(text)}</p>` };
}

export interface InvitationEmailInput {
  /** Username of the administrator who sent it. */
  inviter: string;
  /** 'organization' or 'fleet'. */
  what: string;
  name: string;
  role: string;
  /** The inviter's optional multi-line note, shown as written (escaped in HTML). */
  message: string | null;
  link: string;
  days: number;
}

/** Accounts §5 / fleets §7: an invitation to join an organization or fleet. */
export function invitationEmail(input: InvitationEmailInput): EmailContent {
  const intro = `${input.inviter} invited you to join the ${input.what} "${input.name}" as ${input.role}.`;
  const note = input.message ? `${input.inviter} wrote:\n${input.message}` : '';
  const outro = `The invitation expires in ${input.days} days. If you do not know the sender, ignore this email.`;
  const action = 'Accept the invitation';
  const text = [intro, note, `${action}:\n${input.link}`, outro].filter(Boolean).join('\n\n');
  const noteHtml = input.message
    ? `<p>${escapeHtml(input.inviter)} wrote:</p><blockquote>${escapeHtml(input.message).replace(/\n/g, '<br>')}</blockquote>`
    : '';
  return {
    subject: `You are invited to join ${input.name}`,
    text: `${text}\n`,
    html: `<p>${escapeHtml(intro)}</p>${noteHtml}<p><a href="${escapeHtml(input.link)}">${action}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
