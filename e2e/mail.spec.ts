import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  acceptInvitation,
  activationPathIn,
  againstServer,
  inviteUser,
  expect,
  mainMenu,
  seriousViolations,
  signIn,
  signOut,
  test,
  waitForMail,
} from './support';

/*
 * Issue 13's mailbox (SPEC's unguarded /apps/email/*): signed out it explains itself; signed in
 * it holds what the system sent the caller, codes masked; an administrator sees every outgoing
 * message with its delivery and sends a refused one again (on the server, through a local SMTP
 * server that refuses, then takes mail).
 */

const PASSWORD = 'Quiet-lantern-river-42';

test('signed out, the mailbox says what it is and signs in back to it', async ({ page }) => {
  await page.goto('/apps/email/');
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
  await expect(page.getByText(/^Sign in to read the messages sent to your address/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Sign in to read your mail' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('officer@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo#2026pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/apps\/email\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
  // Inside the shell, with the officer's menu; no "All outgoing" for who does not manage users.
  await expect(mainMenu(page)).toBeVisible();
  await expect(page.getByText('All outgoing')).toHaveCount(0);
});

test('an invited user finds the invitation in the mailbox, its link masked', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { path: '/manage-user/user' });
  const form = await inviteUser(page, { email: 'aisyah@example.com', fullName: 'Aisyah binti Rahman', userType: 'Verifier' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to aisyah@example.com')).toBeVisible();
  const mail = await waitForMail(page, 'aisyah@example.com', /invited to Complaint Desk/);
  const code = activationPathIn(mail).split('/').at(-1)!;
  await signOut(page);

  await acceptInvitation(page, mail, 'aisyah@example.com', PASSWORD);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Mailbox' }).click();
  const row = page.getByRole('row').filter({ hasText: 'You are invited to Complaint Desk' });
  await expect(row).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Read: You are invited to Complaint Desk' }).click();
  const message = page.getByRole('dialog', { name: 'Message' });
  await expect(message.getByTestId('mail-text')).toContainText('Hello Aisyah binti Rahman,');
  await expect(message.getByTestId('mail-text')).toContainText('/account/activation/••••••');
  await expect(message.getByTestId('mail-text')).not.toContainText(code);
  await expect(page).toHaveURL(/\/apps\/email\/\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
  // The read view is a link of its own: reloaded, the message is open again.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Message' }).getByTestId('mail-text')).toContainText('Hello Aisyah');
});

test('an administrator sees a message the SMTP server refused, with its words, and sends it again', async ({ page }) => {
  test.skip(!againstServer, 'The mocks send no mail: delivery is the server’s.');
  let refuse = true;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) =>
      refuse ? callback(Object.assign(new Error('5.7.1 Mailbox unavailable (test refusal)'), { responseCode: 550 })) : callback(),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  try {
    await signIn(page, 'admin');
    expect((await page.request.post('/api/test/smtp', { data: { url: `smtp://127.0.0.1:${port}` } })).status()).toBe(204);
    expect((await page.request.post('/api/v1/auth/forgot-password', { data: { email: 'verifier@example.com' } })).status()).toBe(202);

    await page.goto('/apps/email/?all=true&state=failed');
    const row = page.getByRole('row').filter({ hasText: 'To verifier@example.com' });
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('Mailbox unavailable (test refusal)');
    expect(await seriousViolations(page)).toEqual([]);

    refuse = false;
    await row.getByRole('button', { name: /^Send again: Your Complaint Desk password reset code/ }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Sent' })).toBeVisible();
    // No longer among the failed ones; among the sent.
    await expect(row).toHaveCount(0);
    await page
      .getByRole('textbox', { name: 'Delivery' })
      .or(page.getByRole('combobox', { name: 'Delivery' }))
      .click();
    await page.getByRole('option', { name: 'Sent' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'To verifier@example.com' }).first()).toContainText('Sent');
  } finally {
    await page.request.post('/api/test/smtp', { data: { url: null } });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
