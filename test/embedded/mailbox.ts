import { expect } from '@playwright/test';

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
}

/** The newest mail to `to` with `subject` after mail id `after`, read from the local mailbox's JSON (polled). */
export async function waitForMail(frameUrl: string, to: string, subject: string, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: Mail[] };
        found = messages.find((m) => m.subject === subject && m.id > after);
        return Boolean(found);
      },
      { timeout: 10_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

export const LOGIN_MAIL = 'Your Minibot login code';
export const DEVICE_MAIL = 'Approve a new device';

export const newEmail = () => `visitor-${Math.random().toString(36).slice(2, 10)}@example.org`;
