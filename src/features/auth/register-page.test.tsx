import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccounts } from '@fixtures';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { renderWithApp } from '@/test/render';
import { RegisterPage } from './register-page';

const GOOD_PASSWORD = 'Tanjung#Rambutan42';

afterEach(() => server.events.removeAllListeners());

function fields() {
  return {
    email: screen.getByRole('textbox', { name: /^e-mail/i }),
    fullName: screen.getByRole('textbox', { name: /^full name/i }),
    phone: screen.getByRole('textbox', { name: /^phone/i }),
    password: screen.getByLabelText(/^password/i, { selector: 'input' }),
    confirm: screen.getByLabelText(/^confirm password/i, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Register' }),
  };
}

async function renderPage() {
  const view = renderWithApp(<RegisterPage />, { path: '/register' });
  await screen.findByRole('heading', { name: 'Create an account' });
  return view;
}

function recordRegisterBodies() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/api/v1/auth/register')) bodies.push(await request.clone().json());
  });
  return bodies;
}

describe('RegisterPage', { timeout: 30_000 }, () => {
  it('checks a field once it is left, then again as the user types', async () => {
    const user = userEvent.setup();
    await renderPage();
    const f = fields();

    await user.type(f.email, 'amin@');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(f.email).toHaveAttribute('aria-invalid', 'true');
    await user.type(f.email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument());

    await user.type(f.password, 'short1!');
    await user.tab();
    expect(await screen.findByText('Use at least 12 characters')).toBeInTheDocument();
    await user.clear(f.password);
    await user.type(f.password, 'password1234');
    expect(await screen.findByText(/too common/)).toBeInTheDocument();
    await user.clear(f.password);
    await user.type(f.password, 'xx-amin-2026-yy');
    expect(await screen.findByText(/must not contain the name part of your e-mail/)).toBeInTheDocument();

    await user.type(f.phone, '012 abc');
    await user.tab();
    expect(await screen.findByText('Use digits, spaces and + - ( ) only')).toBeInTheDocument();
  });

  it('shows the strength of the new password as it is typed', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.type(fields().password, 'abcdefghijkl');
    expect(screen.getByText(/password strength/i)).toHaveTextContent('Password strength: weak');
    await user.clear(fields().password);
    await user.type(fields().password, GOOD_PASSWORD + 'x9');
    expect(screen.getByText(/password strength/i)).toHaveTextContent('Password strength: strong');
  });

  it('names every problem on submit, focuses the first and sends nothing', async () => {
    const bodies = recordRegisterBodies();
    const user = userEvent.setup();
    await renderPage();
    const f = fields();
    await user.type(f.fullName, 'Amin');
    await user.type(f.password, GOOD_PASSWORD);
    await user.type(f.confirm, GOOD_PASSWORD + '?');
    await user.click(f.submit);

    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(f.email).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('registers and says where the activation link went', async () => {
    const bodies = recordRegisterBodies();
    const user = userEvent.setup();
    await renderPage();
    const f = fields();
    await user.type(f.email, 'new.officer@example.com');
    await user.type(f.fullName, '  Nur Aisyah  ');
    await user.type(f.password, GOOD_PASSWORD);
    await user.type(f.confirm, GOOD_PASSWORD);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('new.officer@example.com');
    expect(bodies).toEqual([{ email: 'new.officer@example.com', fullName: 'Nur Aisyah', password: GOOD_PASSWORD }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/?email=new.officer%40example.com');
  });

  it('answers an address that has an account with the same page as a new one, keeping nothing apart', async () => {
    const user = userEvent.setup();
    await renderPage();
    const f = fields();
    await user.type(f.email, demoAccounts.officer.email);
    await user.type(f.fullName, 'Siti');
    await user.type(f.password, GOOD_PASSWORD);
    await user.type(f.confirm, GOOD_PASSWORD);
    await user.click(f.submit);

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `We sent a mail to ${demoAccounts.officer.email}. If the address is new to us, open the link in it within 24 hours`,
    );
  });

  it('shows the server’s messages beside the fields they are about', async () => {
    server.use(
      http.post('*/api/v1/auth/register', () =>
        answerProblem(problems.validation('The body does not match what this call takes.', { fullName: ['Name refused by the server'] })),
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    const f = fields();
    await user.type(f.email, 'someone@example.com');
    await user.type(f.fullName, 'Someone');
    await user.type(f.password, GOOD_PASSWORD);
    await user.type(f.confirm, GOOD_PASSWORD);
    await user.click(f.submit);

    expect(await screen.findByText('Name refused by the server')).toBeInTheDocument();
    expect(f.fullName).toHaveAttribute('aria-invalid', 'true');
    expect(f.fullName).toHaveFocus();
  });
});
