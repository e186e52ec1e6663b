import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/register-page';

export const Route = createFileRoute('/_public/register')({
  staticData: { title: 'routes.register' },
  component: RegisterPage,
});
