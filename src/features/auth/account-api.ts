import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type {
  ActivateResponse,
  ForgotPasswordRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyOtpRequest,
  VerifyOtpResponse,
} from '@contract';
import { api } from '@/lib/api-client';
import { readFailure, type Failure } from '@/lib/api-failure';

/* The account's life outside a session: register, activate, and a forgotten password. */

export function useRegister() {
  return useMutation({
    /** Answers 202 whether or not the address has an account: its owner is told by mail. */
    mutationFn: async (body: RegisterRequest) => {
      await api.post(apiPaths.register, { json: body });
    },
  });
}

/** Fails with the `Failure` itself, so the page can tell the link's states apart. */
export function useActivate() {
  return useMutation<ActivateResponse['data'], Failure, { code: string; password?: string }>({
    mutationFn: async (body) => {
      try {
        return (await api.post(apiPaths.activate, { json: body }).json<ActivateResponse>()).data;
      } catch (error) {
        throw await readFailure(error);
      }
    },
  });
}

/** Answers 202 whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordRequest) => {
      await api.post(apiPaths.forgotPassword, { json: body });
    },
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: async (body: VerifyOtpRequest) => (await api.post(apiPaths.verifyOtp, { json: body }).json<VerifyOtpResponse>()).data,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordRequest) => {
      await api.post(apiPaths.resetPassword, { json: body });
    },
  });
}
