import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FormAlertProps {
  message: ReactNode | null;
  /** `success` for a confirmation, else a failure. */
  tone?: 'error' | 'success' | 'info';
  title?: string;
}

/** A form's message about the whole form, announced when it appears. */
export function FormAlert({ message, tone = 'error', title }: FormAlertProps) {
  if (!message) return null;
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'green' : 'blue';
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      icon={tone === 'success' ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {message}
    </Alert>
  );
}
