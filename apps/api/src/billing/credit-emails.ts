import { escapeHtml, type EmailContent } from '../email/templates.ts';

/** The low-credit notification (accounts §2 Credits page "low-credit notifications"): the balance fell below a threshold the organization set. */
export function lowCreditEmail(organizationName: string, threshold: number, balance: number, link: string | undefined): EmailContent {
  const intro = `The prepaid credit balance of ${organizationName} is ${balance.toLocaleString('en-US')}, below the ${threshold.toLocaleString('en-US')} credits you asked to be told about.`;
  const outro = 'Credits pay for additional devices at each renewal; what they do not cover is charged to the payment method.';
  return {
    subject: `Low credit balance: ${organizationName}`,
    text: `${intro}\n\n${link ? `Add credits:\n${link}\n\n` : ''}${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>${link ? `<p><a href="${escapeHtml(link)}">Add credits</a></p>` : ''}<p>${escapeHtml(outro)}</p>`,
  };
}
