import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type {
  ChangePasswordRequest,
  FactorChangeRequest,
  MeResponse,
  MySessionsResponse,
  MyTwoFactor,
  SessionFactorRequest,
  TotpEnrolment,
  UpdateMeRequest,
  UploadFileResponse,
  User,
} from '@contract';
import { api, WITHOUT_STEP_UP } from '@/lib/api-client';
import { useRootStore } from '@/stores/root-store';

export const meQueries = {
  all: () => ['me'] as const,
  current: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'current'],
      queryFn: async () => (await api.get(apiPaths.me).json<MeResponse>()).data,
    }),
  sessions: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'sessions'],
      queryFn: async () => (await api.get(apiPaths.mySessions).json<MySessionsResponse>()).data.items,
    }),
  twoFactor: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'two-factor'],
      queryFn: async () => (await api.get(apiPaths.myTwoFactor, { context: WITHOUT_STEP_UP }).json<{ data: MyTwoFactor }>()).data,
    }),
};

/**
 * The user's second factor: a new secret (the password again and, while one is on, a code of it),
 * its confirmation with a code, new recovery codes, turning it off, and this session answering it.
 * Each change reads the card's state again. The step-up dialog makes these calls, so none of them
 * waits for the second factor itself (`WITHOUT_STEP_UP`).
 */
export function useTwoFactorChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: meQueries.twoFactor().queryKey });
  const post = <T>(path: string, json: object) => api.post(path, { json, context: WITHOUT_STEP_UP }).json<{ data: T }>();
  return {
    start: useMutation({
      mutationFn: async (body: FactorChangeRequest) => (await post<TotpEnrolment>(apiPaths.myTwoFactor, body)).data,
    }),
    confirm: useMutation({
      mutationFn: async (code: string) =>
        (await post<{ recoveryCodes: string[] }>(apiPaths.myTwoFactorConfirm, { code })).data.recoveryCodes,
      onSettled,
    }),
    newCodes: useMutation({
      mutationFn: async (code: string) => (await post<{ recoveryCodes: string[] }>(apiPaths.myRecoveryCodes, { code })).data.recoveryCodes,
      onSettled,
    }),
    turnOff: useMutation({
      mutationFn: async (body: FactorChangeRequest) => {
        await api.delete(apiPaths.myTwoFactor, { json: body, context: WITHOUT_STEP_UP });
      },
      onSettled,
    }),
    verify: useMutation({
      mutationFn: async (body: SessionFactorRequest) => {
        await api.post(apiPaths.myTwoFactorVerify, { json: body, context: WITHOUT_STEP_UP });
      },
      // A recovery code spent: one fewer left.
      onSettled,
    }),
  };
}

/** Signs out one session of the user's (`id`), or every other one (no id); the list is read again. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | null) => {
      await api.delete(id ? apiPaths.mySession(id) : apiPaths.mySessions);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueries.sessions().queryKey }),
  });
}

/** The signed-in user changed: the header (store) and the cache show the new one. */
function useUserSaved() {
  const queryClient = useQueryClient();
  return (user: User) => {
    useRootStore.getState().setUser(user);
    queryClient.setQueryData(meQueries.current().queryKey, user);
  };
}

export function useUpdateMe() {
  const saved = useUserSaved();
  return useMutation({
    mutationFn: async (body: UpdateMeRequest) => (await api.patch(apiPaths.me, { json: body }).json<MeResponse>()).data,
    onSuccess: saved,
  });
}

/** Uploads the image (multipart, part `file`), then makes it the avatar. */
export function useSaveAvatar() {
  const saved = useUserSaved();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      // No JSON content type here: the browser sets multipart with its boundary.
      const uploaded = await api.post(apiPaths.files, { body, headers: { 'content-type': undefined } }).json<UploadFileResponse>();
      const update: UpdateMeRequest = { imageFileId: uploaded.data.id };
      return (await api.patch(apiPaths.me, { json: update }).json<MeResponse>()).data;
    },
    onSuccess: saved,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordRequest) => {
      await api.post(apiPaths.mePassword, { json: body });
    },
  });
}
