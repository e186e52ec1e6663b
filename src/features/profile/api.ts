import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type {
  ChangePasswordRequest,
  MeResponse,
  MySessionsResponse,
  MyTwoFactor,
  TotpEnrolment,
  UpdateMeRequest,
  UploadFileResponse,
  User,
} from '@contract';
import { api } from '@/lib/api-client';
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
      queryFn: async () => (await api.get(apiPaths.myTwoFactor).json<{ data: MyTwoFactor }>()).data,
    }),
};

/**
 * The user's second factor: a new secret (the password again), its confirmation with a code,
 * new recovery codes, turning it off. Each change reads the card's state again.
 */
export function useTwoFactorChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: meQueries.twoFactor().queryKey });
  return {
    start: useMutation({
      mutationFn: async (password: string) =>
        (await api.post(apiPaths.myTwoFactor, { json: { password } }).json<{ data: TotpEnrolment }>()).data,
    }),
    confirm: useMutation({
      mutationFn: async (code: string) =>
        (await api.post(apiPaths.myTwoFactorConfirm, { json: { code } }).json<{ data: { recoveryCodes: string[] } }>()).data.recoveryCodes,
      onSettled,
    }),
    newCodes: useMutation({
      mutationFn: async (code: string) =>
        (await api.post(apiPaths.myRecoveryCodes, { json: { code } }).json<{ data: { recoveryCodes: string[] } }>()).data.recoveryCodes,
      onSettled,
    }),
    turnOff: useMutation({
      mutationFn: async (password: string) => {
        await api.delete(apiPaths.myTwoFactor, { json: { password } });
      },
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
